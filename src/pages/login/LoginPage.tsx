import { Button } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { loadMenus, loadPermissions } from '../../../providers/access';
import { authProvider, browserNavigation, type LoginParams, type SocialGuest } from '../../../providers/auth';
import { loadSiteSettings, siteConfig, socialSourcesOf, type SocialSource } from '../../../providers/config';
import { http } from '../../../providers/http';
import { safeReturnAddress } from '../../components/crud/formDrafts';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { useFeedback } from '../../components/FeedbackProvider';
import { AccountLoginForm } from './AccountLoginForm';
import { startSocialAuthorization, startSsoAuthorization, takeAuthorizationCallback } from './oauthRedirect';
import './login.css';

// Dialogs load on demand: the page's first load stays within its budget.
const RegisterDialog = lazy(() => import('./RegisterDialog'));
const GuestRegisterDialog = lazy(() => import('./GuestRegisterDialog'));
const PhoneLoginForm = lazy(() => import('./PhoneLoginForm').then((module) => ({ default: module.PhoneLoginForm })));

interface TenantInfo {
  tenantId?: string;
}

/** Asks the server whether this domain belongs to a known tenant; a known one needs no tenant field. */
async function tenantOfDomain(): Promise<string | undefined> {
  const res = await http.get('/api/blade-system/tenant/info', {
    params: { domain: window.location.origin },
    silent: true,
  });
  return (res.data.data as TenantInfo | null)?.tenantId || undefined;
}

/** How long typing in the tenant field pauses before that tenant's social sources are asked for. */
const TENANT_TYPING_PAUSE_MS = 400;

/**
 * The social sources of the tenant being signed in to: each tenant configures its own, so the list follows the
 * tenant field (the site settings carry those of the domain's or the default tenant until then).
 */
function useTenantSocialSources(tenantId: string | undefined, siteTenant: string): SocialSource[] {
  const [sources, setSources] = useState<{ tenantId: string; list: SocialSource[] }>();
  // not screen data: asked before any session, of a tenant being typed; no write of the app changes it.
  useEffect(() => {
    if (!tenantId || !/^\w{1,12}$/.test(tenantId)) return;
    let active = true;
    const timer = setTimeout(() => {
      void socialSourcesOf(tenantId).then((list) => active && setSources({ tenantId, list }));
    }, TENANT_TYPING_PAUSE_MS);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [tenantId]);
  if (sources && sources.tenantId === tenantId) return sources.list;
  // Until the typed tenant answers, only the sources the site settings were read for are known to be right.
  return tenantId === undefined || tenantId === siteTenant ? siteConfig.socialSources : [];
}

type LoginMode = 'account' | 'phone';
/** What the page shows: the settings are loading or a callback is being signed in; the forms; SSO only. */
type Stage = 'loading' | 'signingIn' | 'forms' | 'sso';

/**
 * Sign-in (spec §2 /login) in every mode the site settings switch on: account, phone + SMS code, social sources,
 * single sign-on, registration. Plain inputs with small validators instead of antd Form: the page must stay light
 * (it is the first thing every visitor downloads).
 */
interface LoginPageProps {
  /** Starts loading the code of the screens shown once signed in (the shell, the layout, the home page). */
  prepareSignedIn?: () => void;
}

export default function LoginPage({ prepareSignedIn }: LoginPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { message } = useFeedback();
  const [stage, setStage] = useState<Stage>('loading');
  const [mode, setMode] = useState<LoginMode>('account');
  const [tenantId, setTenantId] = useState<string>(siteConfig.tenantId);
  const [domainTenant, setDomainTenant] = useState<string>();
  const [registering, setRegistering] = useState(false);
  const [guest, setGuest] = useState<SocialGuest>();
  const [isPending, setPending] = useState(false);
  // The query string at arrival: a provider's callback is handled once, even after the address is cleaned up.
  const arrivalSearch = useRef(search);
  // The page may be shown before the address gains its `?redirect=` (an expired session is cleared, then sent here).
  const currentSearch = useRef(search);
  currentSearch.current = search;
  const arrivalHandled = useRef(false);
  /** Back to what the site offers after a sign-in attempt that did not lead home. */
  const showSignInOptions = useCallback(() => setStage(siteConfig.ssoMode ? 'sso' : 'forms'), []);

  // After a session expired mid-work, back where the user was (`?redirect=`), else home.
  const goHome = useCallback(async () => {
    // Read before waiting: once the session is stored the guard moves this page off /login.
    const back = safeReturnAddress(new URLSearchParams(currentSearch.current).get('redirect'));
    await Promise.all([loadPermissions(), loadMenus()]);
    navigate(back ?? siteConfig.homePath, { replace: true });
  }, [navigate]);

  // The auth provider directly rather than refine's useLogin: refine is not loaded on this page (see RefineShell).
  const signIn = useCallback(
    (params: LoginParams, onFailure?: () => void) => {
      const failed = (error?: { message?: string }) => {
        if (error?.message) void message.error(error.message);
        showSignInOptions();
        onFailure?.();
      };
      setPending(true);
      authProvider
        .login(params)
        .then(async (result) => {
          const socialGuest = result.guest as SocialGuest | undefined;
          if (socialGuest) {
            setGuest(socialGuest);
            showSignInOptions();
          } else if (result.success) {
            await goHome();
          } else {
            failed(result.error);
          }
        }, failed)
        .finally(() => setPending(false));
    },
    [goHome, showSignInOptions, message],
  );

  // not screen data: the site settings and the domain's tenant decide how to sign in, read once before any session.
  useEffect(() => {
    let active = true;
    tenantOfDomain().then((tenant) => active && setDomainTenant(tenant), () => undefined);
    loadSiteSettings().then(() => {
      // Once per visit: not again when the language (and so `t`) changes.
      if (!active || arrivalHandled.current) return;
      arrivalHandled.current = true;
      const callback = takeAuthorizationCallback(new URLSearchParams(arrivalSearch.current));
      if (callback) navigate('/login', { replace: true });
      if (callback?.kind === 'social') {
        setStage('signingIn');
        signIn({ type: 'social', tenantId: callback.tenantId, source: callback.source, code: callback.code, state: callback.state });
      } else if (callback?.kind === 'sso') {
        setStage('signingIn');
        signIn({ type: 'sso', code: callback.code, redirectUri: callback.redirectUri });
      } else if (callback?.kind === 'invalid') {
        void message.error(t('login.callbackInvalid'));
        showSignInOptions();
      } else if (siteConfig.ssoMode) {
        setStage('signingIn');
        browserNavigation.assign(startSsoAuthorization(window.location.origin));
      } else {
        setStage('forms');
      }
    });
    return () => {
      active = false;
    };
  }, [navigate, signIn, message, t, showSignInOptions]);

  // Once the visitor starts on a form, the signed-in screens' code loads while they type (when the page is idle):
  // the home page then follows the sign-in without waiting for it. The page's first load still carries none of it.
  const prepared = useRef(false);
  const prepareOnIntent = () => {
    if (prepared.current || !prepareSignedIn) return;
    prepared.current = true;
    if ('requestIdleCallback' in window) requestIdleCallback(prepareSignedIn, { timeout: 1000 });
    else setTimeout(prepareSignedIn, 0);
  };

  const askTenant = siteConfig.tenantMode && !domainTenant;
  const chosenTenant = domainTenant ?? tenantId;
  const socialSources = useTenantSocialSources(stage === 'forms' ? chosenTenant.trim() : undefined, domainTenant ?? siteConfig.tenantId);
  const signInWithSocial = (source: SocialSource) =>
    browserNavigation.assign(startSocialAuthorization(source, window.location.origin, chosenTenant.trim() || undefined));
  const finishGuest = () => {
    setGuest(undefined);
    navigate('/login', { replace: true });
  };

  return (
    <div className="login-page">
      <LanguageSwitch className="login-page__language" />
      <main className="login-card" onFocus={prepareOnIntent} onPointerDown={prepareOnIntent}>
        <h1 className="login-card__title">{t('app.title')}</h1>
        {(stage === 'loading' || stage === 'signingIn') && (
          <p className="login-card__status" role="status">
            {t(stage === 'signingIn' ? 'login.signingIn' : 'login.loading')}
          </p>
        )}
        {stage === 'sso' && (
          <div className="login-sso">
            <p className="login-card__subtitle">{t('login.ssoTitle')}</p>
            <Button type="primary" size="large" block onClick={() => browserNavigation.assign(startSsoAuthorization(window.location.origin))}>
              {t('login.ssoSignIn')}
            </Button>
          </div>
        )}
        {stage === 'forms' && (
          <>
            <div className="login-modes" role="tablist">
              {(['account', 'phone'] as const).map((candidate) => (
                <button
                  key={candidate}
                  type="button"
                  role="tab"
                  aria-selected={mode === candidate}
                  className={`login-modes__tab${mode === candidate ? ' login-modes__tab--active' : ''}`}
                  onClick={() => setMode(candidate)}
                >
                  {t(candidate === 'account' ? 'login.subtitle' : 'login.modePhone')}
                </button>
              ))}
            </div>
            {mode === 'account' ? (
              <AccountLoginForm
                askTenant={askTenant}
                tenantId={chosenTenant}
                onTenantChange={setTenantId}
                pending={isPending}
                onSubmit={signIn}
              />
            ) : (
              <Suspense fallback={null}>
                <PhoneLoginForm
                  askTenant={askTenant}
                  tenantId={chosenTenant}
                  onTenantChange={setTenantId}
                  pending={isPending}
                  onSubmit={(params) => signIn(params)}
                />
              </Suspense>
            )}
            {socialSources.length > 0 && (
              <section className="login-social" aria-label={t('login.socialTitle')}>
                <div className="login-social__title">{t('login.socialTitle')}</div>
                <div className="login-social__sources">
                  {socialSources.map((source) => (
                    <Button key={source.source} onClick={() => signInWithSocial(source)}>
                      {source.name}
                    </Button>
                  ))}
                </div>
              </section>
            )}
            {siteConfig.registerMode && (
              <div className="login-register">
                <Button type="link" onClick={() => setRegistering(true)}>
                  {t('login.register')}
                </Button>
              </div>
            )}
          </>
        )}
      </main>
      <Suspense fallback={null}>
        {registering && <RegisterDialog onClose={() => setRegistering(false)} onRegistered={() => void goHome()} />}
        {guest && <GuestRegisterDialog guest={guest} onFinished={finishGuest} />}
      </Suspense>
    </div>
  );
}
