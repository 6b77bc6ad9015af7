/** A user's row as the profile and the audit list answer it (BladeX's `User`), with the type of each column. */
export const USER_COLUMN_TYPES = {
  id: 'id',
  tenant_id: 'string',
  code: 'string',
  user_type: 'int',
  account: 'string',
  name: 'string',
  real_name: 'string',
  avatar: 'string',
  email: 'string',
  phone: 'string',
  birthday: 'datetime',
  sex: 'int',
  role_id: 'string',
  dept_id: 'string',
  post_id: 'string',
  status: 'int',
} as const;

// The password column is never selected: no response carries a hash (blade-contract §5).
export const USER_COLUMNS = Object.keys(USER_COLUMN_TYPES).join(', ');
