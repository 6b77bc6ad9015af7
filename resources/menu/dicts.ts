import { dict } from '../dictionaries';

/**
 * This screen's own dictionaries: its schema declares them and the registry seeds them (the Chinese labels, as BladeX
 * stores them); English mode shows the English ones.
 */
export const menuCategoryDict = dict('menu_category', '菜单类型', [
  ['1', '菜单', 'Menu'],
  ['2', '按钮', 'Button'],
]);

// 0: a menu, not a button (what every category-1 menu stores): named, so a menu's 按钮功能 reads 无, not 0.
export const buttonFuncDict = dict('button_func', '按钮功能', [
  ['0', '无', 'None'],
  ['1', '工具栏', 'Toolbar'],
  ['2', '操作栏', 'Row actions'],
  ['3', '工具操作栏', 'Toolbar and row actions'],
]);
