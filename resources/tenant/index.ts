import { createElement } from 'react';
import type { ResourceUiDescriptor } from '../../src/components/crud/descriptor';
import { AccountQuotaCell, ExpiryCell } from './TenantCells';

/** The tenant list reads its licence columns: an unlimited quota and a tenant that never expires say so. */
const tenantUi: ResourceUiDescriptor = {
  columns: {
    accountNumber: { render: (value: unknown) => createElement(AccountQuotaCell, { value }) },
    expireTime: { render: (value: unknown) => createElement(ExpiryCell, { value }) },
  },
};

export default tenantUi;
