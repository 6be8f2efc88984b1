import { useEffect, useId, useState } from 'react';
import { Button, Popup, Toast } from 'antd-mobile';
import { formatHkDateTime } from '../../shared/hk-time';
import {
  FEEDBACK_COMMENT_MAX,
  type Feedback,
  type FeedbackRating,
  type MyFeedback,
} from '../../shared/schemas/standing';
import { createFeedback } from '../api/create-feedback';
import { getMyFeedback } from '../api/get-my-feedback';
import { updateFeedback } from '../api/update-feedback';
import { isFailure } from '../lib/request';
import { useLoad } from '../lib/use-load';
import { ErrorState, LoadingState } from './state-views';
import './order-feedback.css';

export const RATING_LABELS: Record<FeedbackRating, string> = { up: '👍 好評', down: '👎 差評' };

/** The form: 👍 / 👎 and a short comment; a feedback past its 7 days (or hidden) is only shown. */
function FeedbackForm({
  mine,
  orderId,
  onDone,
  onSaved,
}: {
  mine: MyFeedback;
  orderId: string;
  onDone: () => void;
  onSaved: (f: Feedback) => void;
}) {
  const ids = useId();
  const existing = mine.feedback;
  const [rating, setRating] = useState<FeedbackRating | null>(existing?.rating ?? null);
  const [comment, setComment] = useState(existing?.comment ?? '');
  const [busy, setBusy] = useState(false);
  if (existing && !mine.editableUntil)
    return (
      <div className="order-feedback-body">
        <p>
          你的評價：{RATING_LABELS[existing.rating]}
          {existing.comment ? `・「${existing.comment}」` : ''}
        </p>
        <p className="order-feedback-note">
          {existing.hidden ? '評語已被平台隱藏，不能修改。' : '評價已超過 7 日，不能再修改。'}
        </p>
        <Button block onClick={onDone}>
          關閉
        </Button>
      </div>
    );
  if (!existing && !mine.canCreate)
    return (
      <div className="order-feedback-body">
        <p className="order-feedback-note">交易完成後才可以評價。</p>
        <Button block onClick={onDone}>
          關閉
        </Button>
      </div>
    );
  const submit = async () => {
    if (!rating) {
      Toast.show({ content: '請選擇 👍 或 👎' });
      return;
    }
    setBusy(true);
    const body = { orderId, rating, comment: comment.trim() };
    const res = await (existing ? updateFeedback(body) : createFeedback(body));
    setBusy(false);
    if (isFailure(res)) return;
    Toast.show({ icon: 'success', content: existing ? '評價已更新' : '多謝你的評價' });
    onSaved(res);
    onDone();
  };
  return (
    <form
      className="order-feedback-body"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <fieldset className="order-feedback-ratings">
        <legend>你對這次交易的評價</legend>
        {(['up', 'down'] as const).map((r) => (
          <button
            key={r}
            type="button"
            className="order-feedback-rating outline-button"
            aria-pressed={rating === r}
            onClick={() => setRating(r)}
          >
            {RATING_LABELS[r]}
          </button>
        ))}
      </fieldset>
      <label htmlFor={`${ids}-comment`} className="order-feedback-label">
        評語（選填，最多 {FEEDBACK_COMMENT_MAX} 字）
      </label>
      <textarea
        id={`${ids}-comment`}
        className="order-feedback-comment"
        rows={3}
        maxLength={FEEDBACK_COMMENT_MAX}
        value={comment}
        aria-describedby={`${ids}-count`}
        onChange={(e) => setComment(e.target.value)}
      />
      <p id={`${ids}-count`} className="order-feedback-note">
        {comment.length}/{FEEDBACK_COMMENT_MAX}
        {mine.editableUntil ? `・可於 ${formatHkDateTime(mine.editableUntil)} 前修改` : '・提交後 7 日內可以修改'}
      </p>
      <Button block color="primary" type="submit" loading={busy}>
        {existing ? '更新評價' : '提交評價'}
      </Button>
    </form>
  );
}

function FeedbackLoader({
  orderId,
  onDone,
  onSaved,
}: {
  orderId: string;
  onDone: () => void;
  onSaved: (f: Feedback) => void;
}) {
  const mine = useLoad(() => getMyFeedback(orderId), [orderId]);
  if (mine.status === 'loading') return <LoadingState label="正在載入評價…" />;
  if (mine.status === 'error') return <ErrorState title="未能載入評價" onRetry={mine.reload} />;
  return <FeedbackForm mine={mine.data} orderId={orderId} onDone={onDone} onSaved={onSaved} />;
}

/** The user's feedback on the order as it shows beside 評價, and whether it may still change. */
interface Given {
  feedback: Feedback;
  editable: boolean;
}

/**
 * The user's feedback on an order: asked once when the order shows it (`showMine`), then replaced by each submit's
 * answer, so a rating just given shows on the order at once instead of when the sheet opens again (issue 44).
 */
function useGiven(orderId: string, showMine: boolean) {
  const [given, setGiven] = useState<Given | null>(null);
  useEffect(() => {
    if (!showMine) return;
    let live = true;
    void getMyFeedback(orderId).then((res) => {
      if (live && !isFailure(res) && res.feedback)
        setGiven({ feedback: res.feedback, editable: res.editableUntil !== null });
    });
    return () => {
      live = false;
    };
  }, [orderId, showMine]);
  return [given, (feedback: Feedback) => setGiven({ feedback, editable: !feedback.hidden })] as const;
}

/**
 * 評價 on a completed market order (issue 21 §4): opens a sheet to leave, change (for 7 days) or see the user's 👍 / 👎
 * on the other side. `itemName` tells rows apart for screen readers; with `showMine` (the order's own screen) the
 * feedback given shows beside the button.
 */
export function OrderFeedback({
  orderId,
  itemName,
  showMine = false,
}: {
  orderId: string;
  itemName: string;
  showMine?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [given, saved] = useGiven(orderId, showMine);
  const titleId = useId();
  const close = () => setOpen(false);
  const action = given ? (given.editable ? '修改評價' : '查看評價') : '評價';
  return (
    <>
      {given ? (
        <p className="order-feedback-given" role="status">
          你的評價：{RATING_LABELS[given.feedback.rating]}
          {showMine && given.feedback.comment ? `・「${given.feedback.comment}」` : ''}
        </p>
      ) : null}
      <Button
        size="small"
        fill="outline"
        aria-label={`${given ? action : '評價交易'}：${itemName}`}
        onClick={() => setOpen(true)}
      >
        {action}
      </Button>
      <Popup visible={open} onMaskClick={close} onClose={close} destroyOnClose bodyClassName="order-feedback-popup">
        {open && (
          <div role="dialog" aria-modal="true" aria-labelledby={titleId}>
            <h2 id={titleId} className="order-feedback-title">
              評價交易：{itemName}
            </h2>
            <FeedbackLoader orderId={orderId} onDone={close} onSaved={saved} />
          </div>
        )}
      </Popup>
    </>
  );
}
