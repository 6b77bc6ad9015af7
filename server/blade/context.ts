import type { Hono } from 'hono';
import type { Registry } from '../../resources/registry';
import type { CacheFigures } from '../bounded-cache';
import type { ServerConfig } from '../config';
import type { Db } from '../db/types';
import type { LocalObjectStore } from '../storage/local';
import type { ObjectStore, TenantStores } from '../storage/types';
import type { TokenService } from './token';

/** The caller, as the access token's claims describe them. */
export interface BladeUser {
  tenantId: string;
  userId: string;
  account: string;
  userName: string;
  nickName: string;
  realName: string;
  /** Comma-separated, as BladeX keeps them. */
  roleId: string;
  roleName: string;
  deptId: string;
  postId: string;
  clientId: string;
  /** The login session the token belongs to (refresh tokens are revoked per session). */
  sessionId: string;
  /** Data scopes of the caller's roles by resource code, loaded once per request (absent: nothing is limited). */
  dataScopes?: DataScopes;
  /**
   * The revision of sessions and grants the request's session check read, after the request arrived: grants read at
   * it may be kept until it moves (`grant-reads.ts`). Absent where no session check ran.
   */
  authRevision?: string;
}

/** One data scope rule granted to one of the caller's roles. */
export interface DataScopeRule {
  scopeType: number;
  /** Column of the resource's table the rule compares (`create_dept`, `create_user`, ...). */
  column: string;
  /** Type 5: the dept ids the rule allows. */
  deptIds: readonly string[];
}

/** The caller's data scopes by resource code; a resource that is absent is not limited. */
export type DataScopes = ReadonlyMap<string, readonly DataScopeRule[]>;

export type BladeEnv = { Variables: { user: BladeUser } };
export type BladeApp = Hono<BladeEnv>;

/** What every module receives to register its routes. */
export interface ServerServices {
  db: Db;
  /** The resources this app runs with (handed to `createApp`). */
  registry: Registry;
  config: ServerConfig;
  tokens: TokenService;
  /** Uploaded files: the local store under the data dir, or an S3-compatible service. */
  storage: ObjectStore;
  /** The embedded store (served at `/oss/`), which a tenant's setting may pick whatever the default is. */
  embeddedStorage: LocalObjectStore;
  /** Object storage per tenant: every upload and download goes through it. */
  objects: TenantStores;
  /** Whether a token's session is still live (logout, password change, lock and user removal end it). */
  sessions: SessionCheck;
  /** Aborted when the server closes: background timers and long polls stop before the database does. */
  lifetime?: AbortSignal;
  /** Hands over work a module started without waiting for it (the demo task's seeding): close waits for it. */
  inBackground?: (work: Promise<unknown>) => void;
  /** The sizes and bounds of the in-process caches (the health endpoint reports them). */
  caches?: () => Promise<CacheFigures[]>;
  /** The API routes the server answers (method and path), once every module and resource is mounted. */
  routes?: () => readonly ApiRoute[];
}

/** Whether a token's login session is still live (server/users/sessions.ts makes it; declared here, with the services). */
export interface SessionCheck {
  /** Whether an access token of this session may still be used. */
  isLive(sessionId: string, userId: string, tenantId: string): Promise<boolean>;
  /** The revision of sessions and grants it was answered at, if the session is live; undefined if not. */
  liveAt(sessionId: string, userId: string, tenantId: string): Promise<string | undefined>;
}

export interface ApiRoute {
  method: string;
  path: string;
}

/** A feature module: registers its routes (full paths, e.g. `/api/blade-system/...`) on the app. */
export type BladeModule = (app: BladeApp, services: ServerServices) => void;

/** The administrator role alias of BladeX; its holders may manage other users. */
export const ADMINISTRATOR_ROLE = 'administrator';
/** The tenant that administers the installation. */
export const ADMIN_TENANT = '000000';

export const isAdministrator = (user: BladeUser) => user.roleName.split(',').includes(ADMINISTRATOR_ROLE);
