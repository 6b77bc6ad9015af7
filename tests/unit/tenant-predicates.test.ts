import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkProject, tenantPredicatesIn } from '../../build/checkTenantPredicates';

describe('the lint check for hand-written tenant predicates', () => {
  it('refuses `tenant_id =` with a value outside the server core and auth', () => {
    const source = [
      "const rows = await db.query('SELECT id FROM blade_task WHERE tenant_id = $1 AND is_deleted = 0', [user.tenantId]);",
      'const sql = `SELECT 1 FROM blade_dept d WHERE d.tenant_id = ${add(tenantId)}`;',
      "const admin = `j.tenant_id = '000000'`;",
      "const many = `UPDATE blade_user SET is_deleted = 1 WHERE tenant_id = ANY(string_to_array($1, ','))`;",
      "const listed = 'DELETE FROM blade_role WHERE tenant_id IN (SELECT 1)';",
    ].join('\n');
    expect(tenantPredicatesIn('resources/task/server.ts', source).map((offence) => offence.line)).toEqual([1, 2, 3, 4, 5]);
  });

  it('lets joins, JavaScript comparisons and the allowed folders be', () => {
    const source = [
      'JOIN blade_project p ON p.id = t.project_id AND p.tenant_id = t.tenant_id',
      "if (row.tenant_id === ADMIN_TENANT) throw badRequest('不能删除管理租户');",
    ].join('\n');
    expect(tenantPredicatesIn('server/modules/execution/engine.ts', source)).toEqual([]);
    const raw = "db.query('SELECT 1 FROM blade_user WHERE tenant_id = $1', [tenantId])";
    for (const file of ['server/blade/crud.ts', 'server/db/seed.ts', 'server/modules/auth/login.ts', 'server/users/lookup.ts']) {
      expect(tenantPredicatesIn(file, raw)).toEqual([]);
    }
  });

  const root = mkdtempSync(join(tmpdir(), 'tenant-predicates-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('finds an offending file in a project tree, with its path and line', () => {
    mkdirSync(join(root, 'resources', 'widget'), { recursive: true });
    mkdirSync(join(root, 'server', 'blade'), { recursive: true });
    writeFileSync(join(root, 'resources', 'widget', 'server.ts'), "// widgets\nawait db.query('SELECT * FROM widget WHERE tenant_id = $1', [t]);\n");
    writeFileSync(join(root, 'server', 'blade', 'scope.ts'), "const p = `tenant_id = ${params.add(t)}`;\n");
    expect(checkProject(root)).toEqual([
      { file: 'resources/widget/server.ts', line: 2, text: "await db.query('SELECT * FROM widget WHERE tenant_id = $1', [t]);" },
    ]);
  });

  it('finds none in this project: every read goes through the scope seam', () => {
    expect(checkProject(join(__dirname, '..', '..'))).toEqual([]);
  });
});
