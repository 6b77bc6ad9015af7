/**
 * The only code a process model may carry: `${...}` expressions over the process variables (gateway conditions,
 * assignees, timer values), parsed and evaluated here. There is no `eval`, no `node:vm`, no calls and no access to
 * anything but the variables' own data: comparisons, `&&`, `||`, `!`, `+ - * /`, parentheses, literals and
 * dotted paths into the variables.
 */

export class ExpressionError extends Error {}

type Token =
  | { kind: 'number'; value: number }
  | { kind: 'string'; value: string }
  | { kind: 'name'; value: string }
  | { kind: 'op'; value: string };

const OPERATORS = ['===', '!==', '==', '!=', '>=', '<=', '&&', '||', '>', '<', '!', '(', ')', '.', '+', '-', '*', '/'];
const NAME = /[A-Za-z_$][\w$]*/y;
const NUMBER = /\d+(?:\.\d+)?/y;
/** Names that would reach an object's machinery instead of its data. */
const FORBIDDEN_NAMES = new Set(['__proto__', 'prototype', 'constructor']);

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < text.length) {
    const char = text[at];
    if (/\s/.test(char)) {
      at += 1;
      continue;
    }
    NUMBER.lastIndex = at;
    const number = NUMBER.exec(text);
    if (number) {
      tokens.push({ kind: 'number', value: Number(number[0]) });
      at += number[0].length;
      continue;
    }
    NAME.lastIndex = at;
    const name = NAME.exec(text);
    if (name) {
      tokens.push({ kind: 'name', value: name[0] });
      at += name[0].length;
      continue;
    }
    if (char === "'" || char === '"') {
      const end = text.indexOf(char, at + 1);
      if (end < 0) throw new ExpressionError(`字符串未结束: ${text}`);
      tokens.push({ kind: 'string', value: text.slice(at + 1, end) });
      at = end + 1;
      continue;
    }
    const op = OPERATORS.find((candidate) => text.startsWith(candidate, at));
    if (!op) throw new ExpressionError(`表达式不支持的字符 "${char}": ${text}`);
    tokens.push({ kind: 'op', value: op });
    at += op.length;
  }
  return tokens;
}

type Node =
  | { type: 'literal'; value: unknown }
  | { type: 'path'; names: string[] }
  | { type: 'unary'; op: string; operand: Node }
  | { type: 'binary'; op: string; left: Node; right: Node };

const LITERALS: Record<string, unknown> = { true: true, false: false, null: null, undefined: undefined };
/** Binary operators by precedence, loosest first. */
const LEVELS = [['||'], ['&&'], ['==', '!=', '===', '!=='], ['>', '>=', '<', '<='], ['+', '-'], ['*', '/']];

/** The syntax tree of one expression (the text inside `${...}`); anything outside the grammar is refused. */
export function parseExpression(text: string): Node {
  const tokens = tokenize(text);
  let position = 0;
  const peek = () => tokens[position];
  const isOp = (value: string) => peek()?.kind === 'op' && peek()?.value === value;

  const primary = (): Node => {
    const token = tokens[position++];
    if (!token) throw new ExpressionError(`表达式不完整: ${text}`);
    if (token.kind === 'number' || token.kind === 'string') return { type: 'literal', value: token.value };
    if (token.kind === 'op' && token.value === '(') {
      const inner = binary(0);
      if (!isOp(')')) throw new ExpressionError(`缺少右括号: ${text}`);
      position += 1;
      return inner;
    }
    if (token.kind === 'name') {
      if (Object.hasOwn(LITERALS, token.value)) return { type: 'literal', value: LITERALS[token.value] };
      const names = [token.value];
      while (isOp('.')) {
        position += 1;
        const next = tokens[position++];
        if (next?.kind !== 'name') throw new ExpressionError(`属性名不正确: ${text}`);
        names.push(next.value);
      }
      if (names.some((name) => FORBIDDEN_NAMES.has(name))) throw new ExpressionError(`表达式不允许访问 ${names.join('.')}`);
      if (isOp('(')) throw new ExpressionError(`表达式不允许调用函数: ${text}`);
      return { type: 'path', names };
    }
    throw new ExpressionError(`表达式不正确: ${text}`);
  };

  const unary = (): Node => {
    if (isOp('!') || isOp('-')) {
      const op = tokens[position++].value as string;
      return { type: 'unary', op, operand: unary() };
    }
    return primary();
  };

  const binary = (level: number): Node => {
    if (level >= LEVELS.length) return unary();
    let left = binary(level + 1);
    while (peek()?.kind === 'op' && LEVELS[level].includes(peek()!.value as string)) {
      const op = tokens[position++].value as string;
      left = { type: 'binary', op, left, right: binary(level + 1) };
    }
    return left;
  };

  const tree = binary(0);
  if (position < tokens.length) throw new ExpressionError(`表达式不正确: ${text}`);
  return tree;
}

/** A variable's own data along `names`; only own properties of plain objects, so no prototype or global is reached. */
function lookup(variables: Record<string, unknown>, names: string[]): unknown {
  // `environment.variables.x` and `variables.x` (bpmn-engine's own spelling) read the same variables.
  const path = names[0] === 'environment' && names[1] === 'variables' ? names.slice(2) : names[0] === 'variables' ? names.slice(1) : names;
  let value: unknown = variables;
  for (const name of path) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, name)) return undefined;
    value = (value as Record<string, unknown>)[name];
  }
  return value;
}

function evaluate(node: Node, variables: Record<string, unknown>): unknown {
  switch (node.type) {
    case 'literal':
      return node.value;
    case 'path':
      return lookup(variables, node.names);
    case 'unary': {
      const value = evaluate(node.operand, variables);
      return node.op === '!' ? !value : -Number(value);
    }
    case 'binary': {
      if (node.op === '&&') return evaluate(node.left, variables) && evaluate(node.right, variables);
      if (node.op === '||') return evaluate(node.left, variables) || evaluate(node.right, variables);
      const left = evaluate(node.left, variables) as number;
      const right = evaluate(node.right, variables) as number;
      switch (node.op) {
        case '==':
        case '===':
          // Form values arrive as text: `${days == 3}` holds for "3" too.
          return left === right || (left !== null && right !== null && left !== undefined && right !== undefined && String(left) === String(right));
        case '!=':
        case '!==':
          return !(left === right || (left !== null && right !== null && left !== undefined && right !== undefined && String(left) === String(right)));
        case '>':
          return left > right;
        case '>=':
          return left >= right;
        case '<':
          return left < right;
        case '<=':
          return left <= right;
        case '+':
          return typeof left === 'string' || typeof right === 'string' ? `${left}${right}` : Number(left) + Number(right);
        case '-':
          return Number(left) - Number(right);
        case '*':
          return Number(left) * Number(right);
        case '/':
          return Number(left) / Number(right);
      }
    }
  }
  throw new ExpressionError('表达式不正确');
}

const WHOLE = /^\s*\$\{([^}]*)\}\s*$/;
const EMBEDDED = /\$\{([^}]*)\}/g;

/**
 * `text` with its expressions evaluated over `variables`: one whole `${...}` answers its value (a boolean for a
 * condition), expressions inside other text are written into it, and text without any is answered as is.
 */
export function resolveExpression(text: unknown, variables: Record<string, unknown>): unknown {
  if (typeof text !== 'string') return text;
  const whole = WHOLE.exec(text);
  if (whole) return evaluate(parseExpression(whole[1]), variables);
  if (!text.includes('${')) return text;
  return text.replace(EMBEDDED, (_, inner: string) => String(evaluate(parseExpression(inner), variables) ?? ''));
}

/** The problem of an expression text (for validation when a model is saved), or undefined when it parses. */
export function expressionProblem(text: string): string | undefined {
  try {
    const parts = [...text.matchAll(EMBEDDED)].map((match) => match[1]);
    for (const part of parts) parseExpression(part);
    return undefined;
  } catch (error) {
    return error instanceof ExpressionError ? error.message : String(error);
  }
}
