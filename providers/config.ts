/** Front-end settings of the Blade protocol (spec §9); the same values BladeX's Saber website config holds. */
const constants = {
  /** Prefix of every storage key. */
  key: 'saber',
  clientId: 'saber',
  clientSecret: 'saber_secret',
  tokenHeader: 'Blade-Auth',
  tenantId: '000000',
  /** Refresh once the token is this many seconds old (spec §9: 3000). */
  tokenTime: 3000,
  tokenCheckIntervalMs: 10_000,
  requestTimeoutMs: 10_000,
  lockPage: '/lock',
  homePath: '/wel/index',
  /** When false the home tab is fixed: it cannot be closed (Saber's `isFirstPage`). */
  isFirstPage: false,
  pageSizes: [10, 30, 50, 100, 200],
  defaultPageSize: 10,
  defaultColor: '#409EFF',
  defaultTheme: 'theme-hey',
  defaultLanguage: 'zh',
} as const;

/** A social login source (an OAuth2 provider) offered on the login page. */
export interface SocialSource {
  /** Name sent as the social grant's `source`, e.g. `github`. */
  source: string;
  /** Shown on the button. */
  name: string;
  /** The provider's authorization endpoint; the page adds client_id, redirect_uri, response_type and state. */
  authorizeUrl: string;
  clientId: string;
  /** Registered callback; when empty the page uses `<origin>/login?source=<source>`. */
  redirectUri?: string;
}

/**
 * The login modes of one deployment, switchable without rebuilding: read at run time from `/site-config.json`
 * (written by the embedded server from its environment, or a static file in proxy mode).
 */
export interface SiteSettings {
  tenantMode: boolean;
  captchaMode: boolean;
  registerMode: boolean;
  ssoMode: boolean;
  /** OAuth2 authorization endpoint of the single sign-on server. */
  ssoAuthorizeUrl: string;
  /** Where SSO logout goes (with `redirect_uri`). */
  ssoLogoutUrl: string;
  socialSources: SocialSource[];
  /** SM2 public key (hex): when set, passwords and phone numbers are SM2-encrypted before sending. */
  sm2PublicKey: string;
}

/** Spec §9: tenant mode on, captcha on, registration off, SSO off. */
export const defaultSiteSettings: SiteSettings = {
  tenantMode: true,
  captchaMode: true,
  registerMode: false,
  ssoMode: false,
  ssoAuthorizeUrl: '/api/blade-auth/oauth/authorize',
  ssoLogoutUrl: '/api/blade-auth/oauth/logout',
  socialSources: [],
  sm2PublicKey: '',
};

export const siteConfig: typeof constants & SiteSettings = { ...constants, ...defaultSiteSettings };

export const SITE_CONFIG_URL = '/site-config.json';

const isSocialSource = (value: unknown): value is SocialSource => {
  const source = value as Partial<SocialSource> | null;
  return (
    typeof source?.source === 'string' &&
    source.source !== '' &&
    typeof source.authorizeUrl === 'string' &&
    typeof source.clientId === 'string'
  );
};

/** The known, well-typed settings of a site-config document; anything else is ignored. */
export function parseSiteSettings(document: unknown): Partial<SiteSettings> {
  if (document === null || typeof document !== 'object') return {};
  const raw = document as Record<string, unknown>;
  const settings: Partial<SiteSettings> = {};
  for (const flag of ['tenantMode', 'captchaMode', 'registerMode', 'ssoMode'] as const) {
    if (typeof raw[flag] === 'boolean') settings[flag] = raw[flag];
  }
  for (const text of ['ssoAuthorizeUrl', 'ssoLogoutUrl', 'sm2PublicKey'] as const) {
    if (typeof raw[text] === 'string') settings[text] = raw[text];
  }
  if (Array.isArray(raw.socialSources)) {
    settings.socialSources = raw.socialSources.filter(isSocialSource).map((source) => ({
      ...source,
      name: typeof source.name === 'string' && source.name ? source.name : source.source,
    }));
  }
  return settings;
}

let loading: Promise<SiteSettings> | undefined;

/** The settings document, for one tenant when given (each tenant's login page shows its own social sources). */
function fetchSiteDocument(tenantId?: string): Promise<unknown> {
  const url = new URL(SITE_CONFIG_URL, window.location.href);
  if (tenantId) url.searchParams.set('tenantId', tenantId);
  return fetch(url, {
    cache: 'no-store',
    headers: { Accept: 'application/json' },
    // A hung request must not hold the login page: past the request timeout the defaults apply.
    signal: AbortSignal.timeout(constants.requestTimeoutMs),
  })
    .then((response) => (response.ok ? response.json() : {}))
    .catch(() => ({}));
}

/**
 * Reads `/site-config.json` once per page load into `siteConfig` (the server answers for the tenant of the addressed
 * domain, else the default one); an unreachable, slow or malformed document leaves the defaults in place (the login
 * page must still work).
 */
export function loadSiteSettings(): Promise<SiteSettings> {
  loading ??= fetchSiteDocument().then((document: unknown) => {
    Object.assign(siteConfig, parseSiteSettings(document));
    return siteConfig;
  });
  return loading;
}

/** The social sources of the tenant typed on the login page; none when the document cannot be read. */
export async function socialSourcesOf(tenantId: string): Promise<SocialSource[]> {
  return parseSiteSettings(await fetchSiteDocument(tenantId)).socialSources ?? [];
}

/** Back to the defaults, forgetting what was loaded (tests, and a deployment switch in the same page). */
export function resetSiteSettings(): void {
  loading = undefined;
  Object.assign(siteConfig, defaultSiteSettings);
}
