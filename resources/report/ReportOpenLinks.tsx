import { Typography } from 'antd';
import { Navigate, useNavigate } from 'react-router';
import type { RecordViewProps } from '../../src/components/crud/descriptor';
import { reportIframeRoute } from './viewerLinks';

/** 预览: the row's report opens in the iframe route (a record view that goes there at once). */
export function ReportPreviewRedirect({ id }: RecordViewProps) {
  return <Navigate to={reportIframeRoute(id)} replace />;
}

/** A report's name in the list opens its viewer too. */
export function ReportNameLink({ id, name }: { id: string; name: string }) {
  const navigate = useNavigate();
  return (
    <Typography.Link className="report-name-link" onClick={() => void navigate(reportIframeRoute(id))}>
      {name}
    </Typography.Link>
  );
}
