import { useParams } from 'react-router';
import './iframe.css';

/** `/myiframe/:routerPath`: the external page a menu names, embedded inside the layout (spec §2). */
export default function IframePage() {
  const { routerPath = '' } = useParams();
  return <iframe className="iframe-page" src={routerPath} title={routerPath} />;
}
