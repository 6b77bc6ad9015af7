/**
 * BladeX's menu icons. A BladeX database stores an icon-font class in `menu.source` (`iconfont iconicon_setting`),
 * which Saber draws with its own font; our front end draws `@ant-design/icons` components. This table names the
 * antd icon drawn for each of BladeX's stock classes (Saber's icon list), and the seed stores BladeX's class for its
 * menus, so that both clients show an icon on either server. Pure data: the server seeds from it, the front end maps.
 */

/** BladeX's stock icon classes (without the `iconfont` marker) → the antd icon drawn for them. */
export const BLADEX_ICON_CLASSES: Readonly<Record<string, string>> = {
  iconicon_airplay: 'DesktopOutlined',
  iconicon_setting: 'SettingOutlined',
  iconicon_principal: 'UserOutlined',
  iconicon_group: 'ApartmentOutlined',
  iconicon_addresslist: 'BookOutlined',
  iconicon_study: 'ReadOutlined',
  iconicon_subordinate: 'MenuOutlined',
  iconicon_community_line: 'ControlOutlined',
  iconicon_sms: 'NotificationOutlined',
  iconicon_message: 'MessageOutlined',
  iconicon_mobilephone: 'MobileOutlined',
  iconicon_boss: 'TeamOutlined',
  iconicon_doc: 'FileTextOutlined',
  iconicon_savememo: 'FileDoneOutlined',
  iconicon_send: 'SendOutlined',
  iconicon_discovery: 'NodeIndexOutlined',
  iconicon_cspace: 'CloudServerOutlined',
  iconicon_cloud_history: 'HistoryOutlined',
  iconicon_GPS: 'AimOutlined',
  iconicon_notice: 'BellOutlined',
  iconicon_compile: 'EditOutlined',
  iconicon_ding: 'PushpinOutlined',
  iconicon_dispose: 'CheckSquareOutlined',
  iconicon_coinpurse_line: 'WalletOutlined',
  iconicon_work: 'SolutionOutlined',
  iconicon_task: 'ScheduleOutlined',
  iconicon_task_done: 'CarryOutOutlined',
  iconicon_safety: 'SafetyOutlined',
  iconicon_search: 'FileSearchOutlined',
  iconicon_exchange: 'SwapOutlined',
  iconicon_share: 'ExportOutlined',
  iconicon_glass: 'EyeOutlined',
  iconicon_add: 'PlusOutlined',
  iconicon_roundadd: 'PlusCircleOutlined',
  iconicon_delete: 'DeleteOutlined',
  iconicon_shakehands: 'TeamOutlined',
  iconicon_star: 'StarOutlined',
  iconicon_secret: 'LockOutlined',
  iconicon_namecard: 'IdcardOutlined',
  iconicon_scan_namecard: 'IdcardOutlined',
  iconicon_photo: 'PictureOutlined',
  iconicon_refresh: 'SyncOutlined',
  iconicon_addperson: 'UserAddOutlined',
  iconicon_details: 'ProfileOutlined',
  'icon-quanxian': 'SafetyCertificateOutlined',
  'icon-bofangqi-suoping': 'SafetyOutlined',
  'icon-shujuzhanshi2': 'FilterOutlined',
  'icon-iconset0216': 'ApiOutlined',
  'icon-canshu': 'LayoutOutlined',
  'icon-yanzhengma': 'SafetyCertificateOutlined',
  'icon-wxbgongju': 'ToolOutlined',
  'icon-caidanguanli': 'DatabaseOutlined',
  'icon-caidan': 'MenuOutlined',
  'icon-rizhi': 'ProfileOutlined',
  'icon-rizhi1': 'FileTextOutlined',
  'icon-bug': 'BugOutlined',
  'icon-debug': 'BugOutlined',
  'icon-biaoge': 'TableOutlined',
  'icon-tubiao': 'BarChartOutlined',
  'icon-iframe': 'GlobalOutlined',
  'icon-daohanglanmoshi02': 'LayoutOutlined',
};

const ICONFONT = 'iconfont';

/** The antd icon name a BladeX `source` (`iconfont iconicon_setting`) stands for, if it names a stock class. */
export function antdIconOfBladexSource(source: string): string | undefined {
  const classes = source.split(/\s+/).filter((name) => name && name !== ICONFONT);
  return classes.map((name) => BLADEX_ICON_CLASSES[name]).find(Boolean);
}

/** BladeX's `source` for an antd icon: its stock class drawn as that icon (the first listed), if there is one. */
export function bladexSourceOf(antdIcon: string): string | undefined {
  const found = Object.entries(BLADEX_ICON_CLASSES).find(([, icon]) => icon === antdIcon);
  return found && `${ICONFONT} ${found[0]}`;
}
