import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { antdLocaleOf, i18nProvider, schemaMessages } from '../../providers/i18n';
import { getStore } from '../../providers/storage';
import { jobInfoSchema } from '../../resources/jobinfo/schema';
import { moduleTypeSchema } from '../../resources/moduletype/schema';
import { paramSchema } from '../../resources/param/schema';
import { taskSchema } from '../../resources/task/schema';
import { dataScopeSchema } from '../../resources/datascope/schema';
import { dictSchema } from '../../resources/dict/schema';
import { exportChecklistSchema } from '../../resources/exportchecklist/schema';
import { menuSchema } from '../../resources/menu/schema';
import { topMenuSchema } from '../../resources/topmenu/schema';
import { en } from '../../src/locales/en';
import { zh } from '../../src/locales/zh';

describe('i18n', () => {
  it('registers schema titles and field labels per language', () => {
    const messages = schemaMessages([paramSchema], 'zh');
    expect(messages['param.title']).toBe('参数管理');
    expect(messages['param.fields.paramName']).toBe('参数名称');
    expect(schemaMessages([paramSchema], 'en')['param.fields.paramKey']).toBe('Parameter key');
  });

  it("registers a field's hint apart from its label, in each language", () => {
    const zhMessages = schemaMessages([jobInfoSchema], 'zh');
    expect(zhMessages['jobinfo.fields.processorInfo']).toBe('处理器参数');
    expect(zhMessages['jobinfo.help.processorInfo']).toContain('runTestTask');
    expect(schemaMessages([jobInfoSchema], 'en')['jobinfo.help.processorInfo']).toMatch(/^Built-in: runTestTask/);
    expect(Object.keys(zhMessages).filter((key) => key.startsWith('jobinfo.help.'))).toEqual(['jobinfo.help.processorInfo', 'jobinfo.help.notifyUserIds']);
  });

  it("merges a resource folder's messages and its menu name from the registry, not from the app's locale files", () => {
    const [zhTask, enTask] = [schemaMessages([taskSchema], 'zh'), schemaMessages([taskSchema], 'en')];
    expect([zhTask['menu.task'], enTask['menu.task']]).toEqual(['任务管理', 'Tasks']);
    expect([zhTask['task.run.start'], enTask['task.run.start']]).toEqual(['开始', 'Start']);
    // A menu name other than the title is the folder's to say.
    expect(schemaMessages([moduleTypeSchema], 'en')['menu.moduletype']).toBe('Function modules');
    for (const key of ['menu.task', 'task.run.start', 'menu.moduletype']) expect([zh[key], en[key]], key).toEqual([undefined, undefined]);
  });

  it("takes a screen's own texts (scope menus, menu buttons, top menu names, dictionary items and layouts, exports) from its folder", () => {
    const owned = { datascope: dataScopeSchema, menu: menuSchema, topmenu: topMenuSchema, dict: dictSchema, exportchecklist: exportChecklistSchema };
    const samples: Record<keyof typeof owned, [string, string, string]> = {
      datascope: ['datascope.menus.menuName', '菜单名称', 'Menu'],
      menu: ['menu.button.unknownCode', '页面没有编号为 {{code}} 的操作，此按钮不会显示', 'The screen has no operation with code {{code}}: this button will not show'],
      topmenu: ['topmenu.names.workbench', '工作台', 'Workbench'],
      dict: ['dict.layout.pick', '点选一个字典，查看并维护它的字典项', 'Pick a dictionary to see and edit its items'],
      exportchecklist: ['exportchecklist.exported', '导出成功', 'Exported'],
    };
    for (const [name, [key, zhText, enText]] of Object.entries(samples)) {
      const schema = owned[name as keyof typeof owned];
      expect([schemaMessages([schema], 'zh')[key], schemaMessages([schema], 'en')[key]], key).toEqual([zhText, enText]);
    }
    const moved = /^(scope|menuButton|topMenu|dictItems|dictLayout|excel)\./;
    expect(Object.keys(zh).filter((key) => moved.test(key))).toEqual([]);
  });

  it("keeps only app-wide keys in the app's locale files: none is used by one resource folder alone", () => {
    const root = join(__dirname, '..', '..');
    const sources = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) return name === 'locales' ? [] : sources(path);
        return /\.tsx?$/.test(name) ? [path] : [];
      });
    const texts = ['src', 'resources', 'providers'].flatMap((top) => sources(join(root, top))).map((path) => ({
      owner: path.slice(root.length + 1).split(/[\\/]/).slice(0, 2).join('/'),
      text: readFileSync(path, 'utf8'),
    }));
    const ownedByOneFolder = Object.keys(zh).filter((key) => {
      const owners = new Set(texts.filter(({ text }) => [`'${key}'`, `"${key}"`, `\`${key}`].some((quoted) => text.includes(quoted))).map(({ owner }) => owner));
      return owners.size === 1 && [...owners][0]!.startsWith('resources/');
    });
    expect(ownedByOneFolder).toEqual([]);
  });

  it('has every key in both languages', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
  });

  it('translates in Chinese by default, with the spec texts exact', () => {
    expect(i18nProvider.getLocale()).toBe('zh');
    expect(i18nProvider.translate('param.fields.paramValue')).toBe('参数键值');
    expect(i18nProvider.translate('crud.deleteConfirm')).toBe('确定将选择数据删除?');
    expect(i18nProvider.translate('notifications.createSuccess')).toBe('新增成功');
    expect(i18nProvider.translate('missing.key', 'fallback')).toBe('fallback');
  });

  it('switches to English, stores the choice and moves antd and dayjs along', async () => {
    await i18nProvider.changeLocale('en');
    expect(i18nProvider.translate('param.title')).toBe('Parameters');
    expect(getStore<string>({ name: 'language' })).toBe('en');
    expect(dayjs.locale()).toBe('en');
    expect(antdLocaleOf('en').locale).toBe('en');
    await i18nProvider.changeLocale('zh');
    expect(dayjs.locale()).toBe('zh-cn');
    expect(antdLocaleOf('zh').locale).toBe('zh-cn');
  });
});
