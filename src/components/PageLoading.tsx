/** Shown while a page's chunk loads; pure CSS, so the first load needs no spinner component. */
export function PageLoading() {
  return (
    <div className="page-loading" role="progressbar">
      <span className="page-loading__spinner" />
    </div>
  );
}
