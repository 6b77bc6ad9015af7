import type { ServerServices } from '../../blade/context';
import { passwordGrant, refreshGrant } from './login';
import { OAUTH, oauthError } from './oauth-error';
import { registerGrant } from './register';
import { smsGrant } from './sms';
import { socialGrant } from './social';
import { authorizationCodeGrant } from './sso';
import type { TokenRequest } from './token-request';

/** `POST /oauth/token`: the grants of blade-contract §3. */
/** The fields of a token response that say whom it was issued to. */
export interface GrantedTokens {
  tenant_id: string;
  user_id: string;
  account: string;
  dept_id: string;
}

export function grantToken(services: ServerServices, request: TokenRequest): Promise<GrantedTokens> {
  switch (request.params.grant_type) {
    case 'sms_code':
      return smsGrant(services, request);
    case 'social':
      return socialGrant(services, request);
    case 'authorization_code':
      return authorizationCodeGrant(services, request);
    case 'register':
      return registerGrant(services, request);
    case 'password':
      return passwordGrant(services, request, services.config.captcha);
    case 'captcha':
      return passwordGrant(services, request, true);
    case 'refresh_token':
      return refreshGrant(services, request);
    case undefined:
    case '':
      throw oauthError(OAUTH.invalidRequest);
    default:
      throw oauthError(OAUTH.unsupportedGrant);
  }
}
