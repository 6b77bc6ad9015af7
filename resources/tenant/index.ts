import { createElement } from 'react';
import type { ResourceUiDescriptor } from '../../src/components/crud/descriptor';
import { AccountQuotaCell, ExpiryCell, TenantStatusCell } from './TenantCells';

/** The tenant list reads its licence columns: an unlimited quota, a tenant that never expires, an expired one. */
const tenantUi: ResourceUiDescriptor = {
  columns: {
    accountNumber: { render: (value: unknown) => createElement(AccountQuotaCell, { value }) },
    expireTime: { render: (value: unknown, record) => createElement(ExpiryCell, { value, record }) },
    status: { render: (value: unknown, record) => createElement(TenantStatusCell, { value, record }) },
  },
};

export default tenantUi;
