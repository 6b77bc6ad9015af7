import { Spin } from 'antd';

/** Shown while a page's chunk loads. */
export function PageLoading() {
  return (
    <div className="page-loading">
      <Spin size="large" />
    </div>
  );
}
