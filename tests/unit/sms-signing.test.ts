import { describe, expect, it } from 'vitest';
import { aliyunPercentEncode, aliyunRpcSignature, tc3Authorization, tc3CanonicalRequest } from '../../resources/sms/signing';

/**
 * The two providers' request signatures against the examples of their own documentation: a signature that matches a
 * documented one byte for byte was computed the way the provider checks it.
 */
describe('Aliyun RPC signature (HMAC-SHA1)', () => {
  it('reproduces the ECS DescribeRegions example of the RPC signature documentation', () => {
    const params = {
      Timestamp: '2016-02-23T12:46:24Z',
      Format: 'XML',
      AccessKeyId: 'testid',
      Action: 'DescribeRegions',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
      Version: '2014-05-26',
      SignatureVersion: '1.0',
    };
    expect(aliyunRpcSignature('GET', params, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });

  it('reproduces the SendSms example of the dysmsapi documentation (Chinese sign name, JSON template parameter)', () => {
    const params = {
      AccessKeyId: 'testId',
      Action: 'SendSms',
      Format: 'XML',
      OutId: '123',
      PhoneNumbers: '15300000001',
      RegionId: 'cn-hangzhou',
      SignName: '阿里云短信测试专用',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_71390007',
      TemplateParam: '{"customer":"test"}',
      Timestamp: '2017-07-12T02:42:19Z',
      Version: '2017-05-25',
    };
    expect(aliyunRpcSignature('GET', params, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });

  it('percent-encodes as RFC 3986 (space %20, * %2A, ~ kept)', () => {
    expect(aliyunPercentEncode("a b*c~d!'()")).toBe('a%20b%2Ac~d%21%27%28%29');
  });
});

describe('Tencent Cloud TC3-HMAC-SHA256', () => {
  // The CVM DescribeInstances example of the "签名方法 v3" page, whose key pair is written with the asterisks shown.
  const example = {
    secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3*******',
    secretKey: 'Gu5t9xGARNpq86cd98joQYCN3*******',
    service: 'cvm',
    host: 'cvm.tencentcloudapi.com',
    action: 'DescribeInstances',
    payload: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
    timestamp: 1551113065,
  };

  it('builds the documented canonical request', () => {
    expect(tc3CanonicalRequest(example)).toBe(
      [
        'POST',
        '/',
        '',
        'content-type:application/json; charset=utf-8',
        'host:cvm.tencentcloudapi.com',
        'x-tc-action:describeinstances',
        '',
        'content-type;host;x-tc-action',
        '35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064',
      ].join('\n'),
    );
  });

  it('reproduces the documented Authorization header', () => {
    expect(tc3Authorization(example)).toBe(
      'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3*******/2019-02-25/cvm/tc3_request, ' +
        'SignedHeaders=content-type;host;x-tc-action, Signature=be4f67d323c78ab9acb7395e43c0dbcf822a9cfac32fea2449a7bc7726b770a3',
    );
  });
});
