import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { registry } from '../../resources/schemas';
import { runContract } from './kit';
import { countsOf, lineOf, writeReports } from './report';

/**
 * `npm run test:contract -- --gateway <url> --tenant <id> --account <name> [--write] [--captcha]`: the contract kit
 * against a BladeX-compatible gateway. The password comes from CONTRACT_PASSWORD, or is asked for on a terminal.
 * Exits 1 when an endpoint differs or is missing.
 */

const USAGE = `usage: npm run test:contract -- --gateway <url> --tenant <id> --account <name>
  [--write] [--captcha] [--client-id saber --client-secret saber_secret] [--sm2-public-key <hex>] [--prefix CK_x]
  [--junit reports/contract/junit.xml] [--html reports/contract/report.html]
password: environment variable CONTRACT_PASSWORD, else asked for on a terminal`;

const { values } = parseArgs({
  options: {
    gateway: { type: 'string' },
    tenant: { type: 'string', default: '000000' },
    account: { type: 'string' },
    write: { type: 'boolean', default: false },
    captcha: { type: 'boolean', default: false },
    'client-id': { type: 'string' },
    'client-secret': { type: 'string' },
    'sm2-public-key': { type: 'string' },
    prefix: { type: 'string' },
    junit: { type: 'string', default: 'reports/contract/junit.xml' },
    html: { type: 'string', default: 'reports/contract/report.html' },
    help: { type: 'boolean', default: false },
  },
});

if (values.help || !values.gateway || !values.account) {
  console.error(USAGE);
  process.exit(values.help ? 0 : 2);
}

/** A line read from the terminal. */
async function ask(question: string): Promise<string> {
  if (!process.stdin.isTTY) throw new Error(`${question.trim()} needs a terminal (or CONTRACT_PASSWORD for the password)`);
  const prompt = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  try {
    return (await prompt.question(question)).trim();
  } finally {
    prompt.close();
  }
}

/** A line typed on the terminal without echoing it (a password). */
function askHidden(question: string): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) return Promise.reject(new Error('the password needs a terminal (or CONTRACT_PASSWORD)'));
  process.stderr.write(question);
  input.setRawMode(true);
  input.resume();
  input.setEncoding('utf8');
  let typed = '';
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return done();
        if (char === '\u0003') return done(new Error('interrupted'));
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else typed += char;
      }
    };
    input.on('data', onData);
  });
}

const password = process.env.CONTRACT_PASSWORD ?? (await askHidden('password: '));
const junit = resolve(values.junit);
const html = resolve(values.html);

const run = await runContract({
  gateway: values.gateway,
  tenantId: values.tenant,
  account: values.account,
  password,
  registry,
  write: values.write,
  prefix: values.prefix,
  clientId: values['client-id'],
  clientSecret: values['client-secret'],
  sm2PublicKey: values['sm2-public-key'],
  captcha: values.captcha
    ? async (image) => {
        // The image is a data URL; the tester opens the file and types what it shows.
        const match = /^data:image\/([a-z+]+);base64,(.*)$/s.exec(image);
        const file = resolve(dirname(html), `captcha.${match?.[1] === 'svg+xml' ? 'svg' : (match?.[1] ?? 'txt')}`);
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, match ? Buffer.from(match[2], 'base64') : image);
        return ask(`captcha (open ${file}): `);
      }
    : undefined,
  onCheck: (check) => console.log(lineOf(check)),
});

writeReports(run, { junit, html });
const counts = countsOf(run);
const left = run.created.filter((row) => !row.removed);
console.log(`\n${counts.ok} ok, ${counts.differs} differ, ${counts.missing} missing, ${counts.skipped} skipped`);
if (left.length) console.log(`NOT removed: ${left.map((row) => `${row.resource} ${row.id}`).join(', ')}`);
console.log(`reports: ${junit}\n         ${html}`);
process.exit(counts.differs + counts.missing + left.length > 0 ? 1 : 0);
