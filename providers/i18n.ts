import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { I18nProvider } from '@refinedev/core';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import zhCN from 'antd/es/locale/zh_CN';
import enUS from 'antd/es/locale/en_US';
import type { Locale } from 'antd/es/locale';
import type { ResourceSchema } from '../resources/types';
import { siteConfig } from './config';
import { getStore, setStore } from './storage';

export type Language = 'zh' | 'en';
export const LANGUAGES: readonly Language[] = ['zh', 'en'];

const LANGUAGE_STORE_KEY = 'language';

/**
 * Every translation key a schema declares, in one language: `<res>.title`, `<res>.fields.<name>`, `<res>.help.<name>`,
 * `<res>.sections.<key>`, `<res>.operations.<alias>` (and `.confirm`, `.fields.<name>`), `<res>.reveal.<name>`,
 * `<res>.notifications.success`, `<res>.links.<name>` (and `.<childRows>`), the child rows'
 * `<res>.<child>.title` and `<res>.<child>.fields.<name>`, the menu name `menu.<permissionCode>` (the title), and the
 * messages of the resource's folder (`messages.ts`: its screen's texts, a menu name other than the title).
 */
export function schemaMessages(schemas: readonly ResourceSchema[], language: Language): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const schema of schemas) {
    const key = (suffix: string) => `${schema.name}.${suffix}`;
    messages[key('title')] = schema.title[language];
    messages[`menu.${schema.permissionCode}`] = schema.title[language];
    for (const field of schema.fields) {
      messages[key(`fields.${field.name}`)] = field.label[language];
      if (field.help) messages[key(`help.${field.name}`)] = field.help[language];
    }
    for (const section of schema.sections ?? []) messages[key(`sections.${section.key}`)] = section.label[language];
    for (const operation of schema.operations) {
      messages[key(`operations.${operation.alias}`)] = operation.label[language];
      if (operation.confirm) messages[key(`operations.${operation.alias}.confirm`)] = operation.confirm[language];
      for (const field of operation.fields ?? []) messages[key(`operations.${operation.alias}.fields.${field.name}`)] = field.label[language];
    }
    for (const revealed of schema.revealOnCreate ?? []) messages[key(`reveal.${revealed.name}`)] = revealed.label[language];
    if (schema.notifications?.success) messages[key('notifications.success')] = schema.notifications.success[language];
    for (const link of schema.links ?? []) {
      messages[key(`links.${link.name}`)] = link.label[language];
      if (link.childRows) messages[key(`links.${link.name}.${link.childRows.name}`)] = link.childRows.label[language];
    }
    for (const child of schema.children ?? []) {
      messages[key(`${child.name}.title`)] = child.label[language];
      for (const field of child.fields) messages[key(`${child.name}.fields.${field.name}`)] = field.label[language];
    }
    Object.assign(messages, schema.messages?.[language]);
  }
  return messages;
}

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function storedLanguage(): Language {
  const stored = getStore<string>({ name: LANGUAGE_STORE_KEY });
  return isLanguage(stored) ? stored : (siteConfig.defaultLanguage as Language);
}

const ANTD_LOCALES: Record<Language, Locale> = { zh: zhCN, en: enUS };
const DAYJS_LOCALES: Record<Language, string> = { zh: 'zh-cn', en: 'en' };

export function antdLocaleOf(language: string): Locale {
  return isLanguage(language) ? ANTD_LOCALES[language] : zhCN;
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { zh: { translation: {} }, en: { translation: {} } },
  lng: storedLanguage(),
  fallbackLng: 'zh',
  // Keys are flat and dotted ("buttons.create"), never nested objects.
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  initAsync: false,
});

dayjs.locale(DAYJS_LOCALES[storedLanguage()]);
i18n.on('languageChanged', (language) => {
  if (isLanguage(language)) dayjs.locale(DAYJS_LOCALES[language]);
});

/**
 * Adds the messages of the registry the app runs with, derived from its schemas; handed in by the app's root (main.tsx)
 * before anything renders. A schema's own text wins over an app message of the same key.
 */
export function registerSchemaMessages(schemas: readonly ResourceSchema[]): void {
  for (const language of LANGUAGES) i18n.addResourceBundle(language, 'translation', schemaMessages(schemas, language), true, true);
}

/**
 * Adds the app's messages (its locale files, per module). The app injects them at start so that providers never
 * import the app or the registry.
 */
export function registerMessages(messages: Record<Language, Record<string, string>>): void {
  for (const language of LANGUAGES) i18n.addResourceBundle(language, 'translation', messages[language], true, false);
}

export const i18nProvider: I18nProvider = {
  // Refine calls translate(key, defaultMessage) as well as translate(key, options, defaultMessage).
  translate: (key, options, defaultMessage) =>
    String(
      typeof options === 'string'
        ? i18n.t(key, { defaultValue: options })
        : i18n.t(key, { defaultValue: defaultMessage, ...options }),
    ),
  changeLocale: async (language) => {
    if (!isLanguage(language)) return;
    setStore({ name: LANGUAGE_STORE_KEY, content: language });
    await i18n.changeLanguage(language);
  },
  getLocale: () => i18n.language,
};
