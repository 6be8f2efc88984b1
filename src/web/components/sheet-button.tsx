import { Suspense, useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from 'antd-mobile';
import { LazyPopup } from './lazy-popup';
import { signInAndReturn } from '../lib/sign-in';
import { useSession } from '../lib/stores';

/**
 * An outline button opening a bottom sheet, a dialog named by `titleId` whose form (`children`, given the sheet's
 * close) is loaded when the sheet first opens; signed out, the button goes to the login instead (價格提醒, 出價).
 */
export function SheetButton(props: {
  label: string;
  /** The button's accessible name. */
  name: string;
  size?: ButtonProps['size'];
  /** Full width (the public card's 出價). */
  block?: boolean;
  className?: string;
  popupClassName: string;
  titleId: string;
  /** The class of the 載入中… line shown while the form loads. */
  loadingClassName: string;
  children: (close: () => void) => ReactNode;
}) {
  const session = useSession();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <Button
        size={props.size ?? 'middle'}
        fill="outline"
        block={props.block}
        className={props.className}
        aria-label={props.name}
        aria-haspopup="dialog"
        onClick={() => (session ? setOpen(true) : signInAndReturn())}
      >
        {props.label}
      </Button>
      <LazyPopup visible={open} onMaskClick={close} onClose={close} destroyOnClose bodyClassName={props.popupClassName}>
        {open && (
          <div role="dialog" aria-labelledby={props.titleId}>
            <Suspense fallback={<p className={props.loadingClassName}>載入中…</p>}>{props.children(close)}</Suspense>
          </div>
        )}
      </LazyPopup>
    </>
  );
}
