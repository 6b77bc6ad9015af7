import { describe, expect, it } from 'vitest';
import { paramSchema } from '../../resources/param/schema';
import { decideNavigation } from '../../src/router/guard';
import { pageTitleKeyOf } from '../../src/router/pageTitles';

describe('navigation guard (spec §2)', () => {
  it('lets a visitor without a token reach only the no-auth pages', () => {
    for (const path of ['/login', '/403', '/404', '/500']) {
      expect(decideNavigation(path, undefined)).toEqual({ kind: 'allow' });
    }
    expect(decideNavigation('/system/param', undefined)).toEqual({ kind: 'redirect', to: '/login' });
    expect(decideNavigation('/wel/index', undefined)).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('sends a signed-in user away from /login to /', () => {
    expect(decideNavigation('/login', 'jwt')).toEqual({ kind: 'redirect', to: '/' });
    expect(decideNavigation('/system/param', 'jwt')).toEqual({ kind: 'allow' });
    expect(decideNavigation('/404', 'jwt')).toEqual({ kind: 'allow' });
  });

  it('logs out locally when the stored token is an empty string', () => {
    expect(decideNavigation('/system/param', '')).toEqual({ kind: 'localLogout' });
    expect(decideNavigation('/login', '')).toEqual({ kind: 'localLogout' });
  });
});

describe('window titles', () => {
  it('titles fixed pages and resource pages, and leaves redirects alone', () => {
    expect(pageTitleKeyOf('/login', [paramSchema])).toBe('login.title');
    expect(pageTitleKeyOf('/404', [paramSchema])).toBe('error.404.title');
    expect(pageTitleKeyOf('/wel/index', [paramSchema])).toBe('wel.title');
    expect(pageTitleKeyOf('/system/param', [paramSchema])).toBe('param.title');
    expect(pageTitleKeyOf('/', [paramSchema])).toBeUndefined();
  });

  it('titles the leave routes by what they do, whatever ids they carry', () => {
    expect(pageTitleKeyOf('/work/process/leave/form/Leave%3A1%3A9', [paramSchema])).toBe('work.leave.formTitle');
    expect(pageTitleKeyOf('/work/process/leave/handle/1/2/3', [paramSchema])).toBe('work.leave.handleTitle');
    expect(pageTitleKeyOf('/work/process/leave/detail/2/3', [paramSchema])).toBe('work.leave.detailTitle');
    expect(pageTitleKeyOf('/work/process/leave/detail/2', [paramSchema])).toBeUndefined();
  });

  it('titles the generic process routes and the modeler, a new model or a saved one', () => {
    expect(pageTitleKeyOf('/work/process/generic/form/two_step%3A1%3A9', [paramSchema])).toBe('work.generic.formTitle');
    expect(pageTitleKeyOf('/work/process/generic/handle/1/2', [paramSchema])).toBe('work.generic.handleTitle');
    expect(pageTitleKeyOf('/work/process/generic/detail/2', [paramSchema])).toBe('work.generic.detailTitle');
    expect(pageTitleKeyOf('/flow/model/design', [paramSchema])).toBe('flow.modeler.title');
    expect(pageTitleKeyOf('/flow/model/design/123', [paramSchema])).toBe('flow.modeler.title');
  });
});
