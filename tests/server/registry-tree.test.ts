import { beforeAll, describe, expect, it } from 'vitest';
import { resourceSchemas } from '../../resources/schemas';
import { endpointsOf } from '../../resources/types';
import { call } from './client';
import { expectRefused } from './registry-expect';
import { isWritable, openSessions, type ResourceFactory } from './resource-bodies';

/** Tree resources: nesting, lazy children, no removal of a parent or of a node in use, no cycles. */
const trees = resourceSchemas.filter((schema) => schema.tree && isWritable(schema));

let admin: ResourceFactory;
beforeAll(async () => {
  admin = (await openSessions()).admin;
});

type Node = { id: string; hasChildren?: boolean; children?: Node[] };

it('there are tree resources to test', () => {
  expect(trees.length).toBeGreaterThan(0);
});

describe.each(trees.map((schema) => [schema.name, schema] as const))('%s: tree', (_, schema) => {
  const parentField = schema.tree!.parentField;
  const endpoints = endpointsOf(schema);

  /** Root → child → grandchild, made through the API. */
  async function chain() {
    const root = await admin.create(schema, { [parentField]: '0' });
    const child = await admin.create(schema, { [parentField]: root.id });
    const grandchild = await admin.create(schema, { [parentField]: child.id });
    return { root: root.id, child: child.id, grandchild: grandchild.id };
  }

  const lazyList = async (parentId: string): Promise<Node[]> => {
    const answer = await call(`${schema.api}/${endpoints.lazyList}?parentId=${parentId}`, { token: admin.token });
    expect(answer.body.code, answer.text).toBe(200);
    return answer.body.data;
  };

  it('nests the nodes under children, and lazy-lists the children of a node with hasChildren', async () => {
    const { root, child, grandchild } = await chain();
    const tree = await call(`${schema.api}/${endpoints.tree}`, { token: admin.token });
    expect(tree.body.code, tree.text).toBe(200);
    const rootNode = (tree.body.data as Node[]).find((node) => node.id === root);
    expect(rootNode, 'root at the top of the tree').toBeDefined();
    expect(rootNode!.children?.map((node) => node.id)).toEqual([child]);
    expect(rootNode!.children![0].children?.map((node) => node.id)).toEqual([grandchild]);
    expect(rootNode!.children![0].children![0].children).toBeUndefined();

    expect((await lazyList(root)).map((node) => [node.id, node.hasChildren])).toEqual([[child, true]]);
    expect((await lazyList(child)).map((node) => [node.id, node.hasChildren])).toEqual([[grandchild, false]]);
    expect(await lazyList(grandchild)).toEqual([]);
    expect((await lazyList('0')).some((node) => node.id === root && node.hasChildren === true)).toBe(true);
  });

  it('refuses to remove a node with children, and removes leaves first', async () => {
    const { root, child, grandchild } = await chain();
    expectRefused(await admin.remove(schema, root), '请先删除子节点', 'root with a child');
    expectRefused(await admin.remove(schema, child), '请先删除子节点', 'child with a grandchild');
    // A parent removed together with all its children is fine.
    expect((await admin.remove(schema, `${child},${grandchild}`)).body.code).toBe(200);
    expect((await admin.remove(schema, root)).body.code).toBe(200);
  });

  it('refuses to move a node under itself or under one of its descendants', async () => {
    const { root, child, grandchild } = await chain();
    for (const [node, parent] of [
      [root, root],
      [root, grandchild],
      [child, grandchild],
    ]) {
      const answer = await admin.submit(schema, { id: node, [parentField]: parent });
      expect({ status: answer.status, success: answer.body?.success }, `${node} under ${parent}: ${answer.text}`).toEqual({ status: 400, success: false });
    }
    const detail = (await admin.detail(schema, root)).body.data;
    expect(detail[parentField]).toBe('0');
    // Moving a leaf under another branch works.
    const other = await admin.create(schema, { [parentField]: '0' });
    expect((await admin.submit(schema, { id: grandchild, [parentField]: other.id })).body.code).toBe(200);
    expect((await lazyList(other.id)).map((node) => node.id)).toEqual([grandchild]);
  });

  const pathUsers = resourceSchemas.flatMap((owner) =>
    isWritable(owner) ? owner.fields.filter((field) => field.treePath?.resource === schema.name).map((field) => ({ owner, field })) : [],
  );
  it.runIf(pathUsers.length > 0)("refuses to remove a node on another resource's tree path", async () => {
    for (const { owner, field } of pathUsers) {
      const { root, child, grandchild } = await chain();
      const user = await admin.create(owner, { [field.name]: `${root},${child},${grandchild}` });
      const message = `该数据正被「${owner.title.zh}」使用，不能删除`;
      expectRefused(await admin.remove(schema, grandchild), message, `${owner.name}.${field.name} uses the leaf`);
      expect((await admin.remove(owner, user.id)).body.code).toBe(200);
      expect((await admin.remove(schema, grandchild)).body.code, 'free once the user is removed').toBe(200);
    }
  });
});
