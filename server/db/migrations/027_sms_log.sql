-- 短信配置 → 发送记录: one row per phone and send (a login code or a test message), through whichever channel the
-- tenant's setting names, with what the provider answered. The phone is kept whole for the rate limits and answered
-- masked; the text is kept only for the recording channel (nothing left the machine, so a tester reads it here).
CREATE TABLE IF NOT EXISTS blade_sms_log (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL DEFAULT '000000',
  -- The setting used (blade_sms.id), or null for the built-in recording channel of a tenant without an enabled one.
  sms_id bigint,
  sms_code varchar(64),
  category integer NOT NULL,
  -- 1 a login code (sms/send-validate), 2 a message sent by send-message.
  purpose integer NOT NULL,
  phone varchar(20) NOT NULL,
  content varchar(1000),
  -- 0 being sent, 1 sent, 2 failed.
  result integer NOT NULL DEFAULT 0,
  answer varchar(2000),
  create_user bigint,
  send_time timestamp NOT NULL
);

CREATE INDEX IF NOT EXISTS blade_sms_log_tenant_time ON blade_sms_log (tenant_id, send_time DESC);
CREATE INDEX IF NOT EXISTS blade_sms_log_phone_time ON blade_sms_log (tenant_id, phone, send_time DESC);
