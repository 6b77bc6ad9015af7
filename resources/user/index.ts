import { createElement } from 'react';
import { Tag } from 'antd';
import type { ResourceUiDescriptor } from '../../src/components/crud/descriptor';
import { i18n } from '../../providers/i18n';
import { DutySection } from './DutySection';
import './messages';
import { UserToolbar } from './UserToolbar';

const ui: ResourceUiDescriptor = {
  sections: { duty: DutySection },
  toolbar: UserToolbar,
  columns: {
    // A user locked by failed logins stands out until an administrator unlocks it.
    locked: {
      render: (value: unknown) =>
        value === 1
          ? createElement(Tag, { color: 'error', className: 'user-locked' }, i18n.t('user.locked'))
          : createElement(Tag, { color: 'success' }, i18n.t('user.normal')),
    },
  },
};
export default ui;
