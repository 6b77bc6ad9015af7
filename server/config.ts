/** Settings of the embedded server, from the environment (design.md §5). */
export interface ServerConfig {
  port: number;
  /** Host to listen on; all interfaces by default. */
  host?: string;
  dataDir: string;
  databaseUrl?: string;
  /** A BladeX gateway: when set, `/api` and `/gateway` are proxied to it instead of answered here. */
  upstream?: string;
  /** Password of `admin` on the first start; generated (and printed once) when unset. */
  adminPassword?: string;
  captcha: boolean;
  /** JWT signing key; generated per installation and kept in the database when unset. */
  signKey?: string;
  /** Built single-page app served with fallback to index.html; ignored when the folder does not exist. */
  staticDir?: string;
  /** Self-registration (grant `register`) for every tenant; a tenant may also enable it with param `account.registerUser`. */
  register?: boolean;
  /** SM2 private key (hex): passwords and phone numbers may then arrive SM2-encrypted (cipher mode C1C2C3). */
  sm2PrivateKey?: string;
  /** S3-compatible object storage (OBS, MinIO, S3); without it, the local store under `dataDir/objects`. */
  ossEndpoint?: string;
  /** Bucket of either store (`blade` for the local one by default). */
  ossBucket?: string;
  /** Key pair of the S3 service; for the local store, its own pair instead of the generated one. */
  ossAccessKey?: string;
  ossSecretKey?: string;
  ossRegion?: string;
  /** Largest object the local store accepts, and the largest size `oss-credential` signs for. */
  ossMaxBytes?: number;
  /**
   * Hosts the server may send requests to on a user's behalf (social providers): names, `*.domain`, IPs, CIDRs.
   * Loopback, link-local and private addresses only when listed as addresses.
   */
  outboundAllow?: string[];
  /** Requests per client address and minute to `oauth/token` and the SSO form. */
  tokenRatePerMinute?: number;
  /**
   * The working tree a development server (`npm run dev`) writes generated resources into (代码生成's
   * `gen-code-fast`); absent on a production server, which refuses it.
   */
  sourceTree?: string;
  /** SMS sends a phone may get per hour (besides one a minute), and a tenant may make per hour; past them 400. */
  smsPhoneHourly?: number;
  smsTenantHourly?: number;
  /** This process triggers scheduled jobs (default true; any number of processes may, each trigger runs once). */
  scheduler?: boolean;
}

const nonEmpty = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : undefined);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT is not a port number: ${env.PORT}`);
  return {
    port,
    host: nonEmpty(env.HOST),
    dataDir: nonEmpty(env.BLADE_DATA_DIR) ?? './data',
    databaseUrl: nonEmpty(env.DATABASE_URL),
    upstream: nonEmpty(env.BLADE_UPSTREAM),
    adminPassword: nonEmpty(env.BLADE_ADMIN_PASSWORD),
    captcha: (env.BLADE_CAPTCHA ?? 'on').toLowerCase() !== 'off',
    signKey: nonEmpty(env.BLADE_SIGN_KEY),
    staticDir: nonEmpty(env.BLADE_STATIC_DIR) ?? 'dist',
    register: (env.BLADE_REGISTER ?? 'off').toLowerCase() === 'on',
    sm2PrivateKey: nonEmpty(env.BLADE_SM2_PRIVATE_KEY),
    ...ossConfig(env),
    tokenRatePerMinute: env.BLADE_TOKEN_RATE ? Number(env.BLADE_TOKEN_RATE) : undefined,
    outboundAllow: (env.BLADE_OUTBOUND_ALLOW ?? '').split(',').map((entry) => entry.trim()).filter(Boolean),
    smsPhoneHourly: positiveCount(env, 'BLADE_SMS_PHONE_HOURLY'),
    smsTenantHourly: positiveCount(env, 'BLADE_SMS_TENANT_HOURLY'),
    scheduler: (env.BLADE_SCHEDULER ?? 'on').toLowerCase() !== 'off',
  };
}

/** A whole number above zero from the environment, or undefined when unset. */
function positiveCount(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const text = nonEmpty(env[name]);
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`${name} is not a positive whole number: ${text}`);
  return value;
}

function ossConfig(env: NodeJS.ProcessEnv): Partial<ServerConfig> {
  const config = {
    ossEndpoint: nonEmpty(env.BLADE_OSS_ENDPOINT),
    ossBucket: nonEmpty(env.BLADE_OSS_BUCKET),
    ossAccessKey: nonEmpty(env.BLADE_OSS_ACCESS_KEY),
    ossSecretKey: nonEmpty(env.BLADE_OSS_SECRET_KEY),
    ossRegion: nonEmpty(env.BLADE_OSS_REGION),
    ossMaxBytes: env.BLADE_OSS_MAX_BYTES ? Number(env.BLADE_OSS_MAX_BYTES) : undefined,
  };
  if (config.ossEndpoint && (!config.ossBucket || !config.ossAccessKey || !config.ossSecretKey)) {
    throw new Error('BLADE_OSS_ENDPOINT needs BLADE_OSS_BUCKET, BLADE_OSS_ACCESS_KEY and BLADE_OSS_SECRET_KEY');
  }
  if (config.ossMaxBytes !== undefined && !(Number.isSafeInteger(config.ossMaxBytes) && config.ossMaxBytes > 0)) {
    throw new Error(`BLADE_OSS_MAX_BYTES is not a positive number of bytes: ${env.BLADE_OSS_MAX_BYTES}`);
  }
  return config;
}

/** Defaults for the fields a caller of `startServer` leaves out. */
export function withDefaults(partial: Partial<ServerConfig>): ServerConfig {
  return { port: 8080, dataDir: './data', captcha: true, ...partial };
}
