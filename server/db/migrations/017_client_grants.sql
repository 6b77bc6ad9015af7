-- The token endpoint now holds every client to its listed grant types: the web client of an existing installation
-- keeps the phone-code login and registration it always offered.
UPDATE blade_client SET authorized_grant_types = authorized_grant_types || ',sms_code'
 WHERE client_id = 'saber' AND is_deleted = 0 AND position('sms_code' IN coalesce(authorized_grant_types, '')) = 0;
UPDATE blade_client SET authorized_grant_types = authorized_grant_types || ',register'
 WHERE client_id = 'saber' AND is_deleted = 0 AND position('register' IN coalesce(authorized_grant_types, '')) = 0;
