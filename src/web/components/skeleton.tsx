import './skeleton.css';

/** What a skeleton stands for: one banner, a strip of card tiles, or list rows with a picture. */
type SkeletonShape = 'banner' | 'tile' | 'row';

/**
 * Grey shapes where content is coming, in the region's own size, so nothing moves when it arrives; a screen reader
 * hears one status line instead of the shapes.
 */
export function Skeleton({ label, shape, count = 1 }: { label: string; shape: SkeletonShape; count?: number }) {
  return (
    <div className={`skeleton skeleton-${shape}s`} role="status">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: count }, (_, i) => (
        <span key={i} className={`skeleton-${shape}`} aria-hidden="true" />
      ))}
    </div>
  );
}
