import { describe, expect, it } from 'vitest';
import { BUILT_IN_RECORDING, maskPhone, renderText } from '../../resources/sms/channel';
import { loadConfig } from '../../server/config';

describe('the SMS send log and recording channel', () => {
  it('masks a phone as 138****5678', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskPhone('1381')).toBe('1****');
  });

  it('fills the template, keeps parameters it does not name, and puts the sign name first', () => {
    expect(renderText(BUILT_IN_RECORDING, { code: '012345' })).toBe('您的验证码为012345,5分钟内有效。');
    const setting = { ...BUILT_IN_RECORDING, templateId: '尊敬的{name},验证码${code}', signName: '测试平台' };
    expect(renderText(setting, { name: '张三', code: '1', extra: 'x' })).toBe('【测试平台】尊敬的张三,验证码1 extra=x');
    expect(renderText({ ...setting, templateId: 'SMS_123' }, { code: '9' })).toBe('【测试平台】SMS_123 code=9');
  });
});

describe('SMS rate-limit settings', () => {
  it('reads BLADE_SMS_PHONE_HOURLY and BLADE_SMS_TENANT_HOURLY, and refuses what is not a positive whole number', () => {
    expect(loadConfig({ BLADE_SMS_PHONE_HOURLY: '5', BLADE_SMS_TENANT_HOURLY: '1000' })).toMatchObject({ smsPhoneHourly: 5, smsTenantHourly: 1000 });
    expect(loadConfig({})).toMatchObject({ smsPhoneHourly: undefined, smsTenantHourly: undefined });
    expect(() => loadConfig({ BLADE_SMS_PHONE_HOURLY: '0' })).toThrow(/BLADE_SMS_PHONE_HOURLY/);
    expect(() => loadConfig({ BLADE_SMS_TENANT_HOURLY: 'many' })).toThrow(/BLADE_SMS_TENANT_HOURLY/);
  });
});
