import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkProject, effectFetchesIn } from '../../build/checkEffectFetches';

const linesOf = (file: string, source: string) => effectFetchesIn(file, source).map((offence) => offence.line);

describe('the lint check for fetches inside effects', () => {
  it('refuses an effect that calls the http client, fetch, the data provider or a fetch/load helper', () => {
    const source = [
      'useEffect(() => {',
      "  void http.get<{ data: Row[] }>('/api/x').then((answer) => setRows(answer.data.data));",
      '}, []);',
      "useEffect(() => void fetch('/api/y').then(setY), []);",
      'useLayoutEffect(() => {',
      "  dataProvider().getList({ resource: 'user' }).then(setUsers);",
      '}, []);',
      'useEffect(() => {',
      '  fetchProfile()',
      '    .then(setProfile)',
      '    .catch(() => undefined);',
      '}, [form]);',
    ].join('\n');
    expect(linesOf('src/pages/info/InfoPage.tsx', source)).toEqual([2, 4, 6, 9]);
  });

  it("sees a fetch made through the file's own helpers, one calling another, or the helper passed as the effect", () => {
    const source = [
      'function profileOf(key: string): Promise<UserProfile> {',
      '  return fetchProfile();',
      '}',
      'const loadChildren = useCallback(async (parentCode: string) => {',
      "  const response = await http.get(`${api}/lazy-tree`, { params: { parentCode } });",
      '  setTree(response.data.data);',
      '}, [api]);',
      'const reload = useCallback(async () => {',
      '  await loadChildren(ROOT);',
      '}, [loadChildren]);',
      'const refreshCaptcha = () => fetchCaptcha().then(setCaptcha);',
      'useEffect(() => {',
      '  profileOf(key).then((profile) => setNames(namesOf(profile)));',
      '}, [key]);',
      'useEffect(() => {',
      '  if (!arrived) void reload();',
      '}, [arrived, reload]);',
      'useEffect(refreshCaptcha, [refreshCaptcha]);',
    ].join('\n');
    expect(linesOf('src/layout/MenuContext.tsx', source)).toEqual([13, 16, 18]);
  });

  it('lets effects be that fetch nothing, mention a fetch only in a comment or a string, or say why they must', () => {
    const source = [
      'useEffect(() => {',
      '  const timer = setInterval(() => setNow(Date.now()), 1000);',
      '  return () => clearInterval(timer);',
      '}, [active]);',
      'useEffect(() => {',
      '  // Not http.get(url) here: the list query reads it.',
      "  if (failed) onClose('fetch(' + url + ')');",
      '}, [failed, onClose]);',
      'useEffect(() => {',
      '  void query.refetch();',
      '  levels.load(code);',
      '}, [code]);',
      'useEffect(installErrorCapture, []);',
      '// not screen data: the site settings decide how to sign in, before any session.',
      'useEffect(() => {',
      '  loadSiteSettings().then(() => setStage("forms"));',
      '}, []);',
    ].join('\n');
    expect(linesOf('src/pages/login/LoginPage.tsx', source)).toEqual([]);
    // A fetch outside any effect (an event handler, a query function) is not the check's business.
    expect(linesOf('resources/role/RoleGrantDialog.tsx', "const save = async () => { await http.post('/api/grant', body); };")).toEqual([]);
  });

  const root = mkdtempSync(join(tmpdir(), 'effect-fetches-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("finds an offending screen in a project tree with its path and line, and leaves the server's files alone", () => {
    mkdirSync(join(root, 'resources', 'widget'), { recursive: true });
    mkdirSync(join(root, 'src', 'pages'), { recursive: true });
    writeFileSync(
      join(root, 'resources', 'widget', 'WidgetPanel.tsx'),
      "export function WidgetPanel() {\n  useEffect(() => {\n    http.get('/api/widget/list').then(setRows);\n  }, []);\n}\n",
    );
    writeFileSync(join(root, 'resources', 'widget', 'server.ts'), "useEffect(() => http.get('/never'));\n");
    writeFileSync(join(root, 'src', 'pages', 'Quiet.tsx'), 'useEffect(() => setReady(true), []);\n');
    expect(checkProject(root)).toEqual([{ file: 'resources/widget/WidgetPanel.tsx', line: 3, text: "http.get('/api/widget/list').then(setRows);" }]);
  });

  it('finds none in this project: screens read through Refine', () => {
    expect(checkProject(join(__dirname, '..', '..'))).toEqual([]);
  });
});
