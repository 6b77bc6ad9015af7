-- BladeX's own codes for three buttons, which its clients (Saber) check: 权限配置 of data and API scopes and 密码重置
-- of users. Renamed in place so that every role keeps its grant (blade_role_menu points at the row's id); a database
-- that already has the BladeX code (or never had the old one) is left as it is.
UPDATE blade_menu AS m SET code = renamed.new_code
FROM (VALUES ('datascope_setting', 'data_scope_setting'),
             ('apiscope_setting', 'api_scope_setting'),
             ('user_reset_password', 'user_reset')) AS renamed(old_code, new_code)
WHERE m.code = renamed.old_code
  AND m.category = 2
  AND NOT EXISTS (SELECT 1 FROM blade_menu other WHERE other.code = renamed.new_code AND other.is_deleted = 0);
