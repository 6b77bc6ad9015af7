import type { ResourceMessages } from '../types';

/** This folder's own messages (zh and en): the button form's help about the operations a screen declares. Merged into the app's by the registry. */
export const menuMessages: ResourceMessages = {
  zh: {
    'menu.button.needsOperation': '按钮只有在其页面声明了对应的操作时才会显示：按钮编号须是该操作的编号',
    'menu.button.declared': '{{screen}} 声明的操作（点选填入）：',
    'menu.button.noScreen': '上级菜单「{{screen}}」不是声明了操作的页面，此按钮不会显示在任何页面上',
    'menu.button.unknownCode': '页面没有编号为 {{code}} 的操作，此按钮不会显示',
  },
  en: {
    'menu.button.needsOperation': 'A button shows only when its screen declares an operation behind it: its code must be that operation\'s code',
    'menu.button.declared': 'Operations {{screen}} declares (click to fill in):',
    'menu.button.noScreen': 'The parent menu “{{screen}}” is not a screen that declares operations: this button will show nowhere',
    'menu.button.unknownCode': 'The screen has no operation with code {{code}}: this button will not show',
  },
};
