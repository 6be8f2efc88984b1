import type { PayOrder } from '../../../shared/schemas/pay-orders';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
  *{box-sizing:border-box}body{margin:0;font-family:-apple-system,"PingFang HK","Noto Sans HK","Microsoft JhengHei",sans-serif;background:#f5f5f5;color:#1f1f1f}
  main{max-width:480px;margin:0 auto;padding:24px 16px}h1{font-size:20px;margin:0 0 4px}.badge{display:inline-block;font-size:12px;color:#8c6d1f;background:#fff7e0;border-radius:4px;padding:2px 6px}
  .card{background:#fff;border-radius:12px;padding:16px;margin:16px 0}.row{display:flex;flex-wrap:wrap;justify-content:space-between;gap:4px 12px;padding:6px 0}.row>span{min-width:0;overflow-wrap:anywhere}.muted{color:#666}
  .amount{font-size:28px;font-weight:700;color:#d4380d}button,.btn{display:block;width:100%;font-size:17px;padding:14px;border-radius:8px;border:0;margin-top:12px;text-align:center;text-decoration:none}
  .pay{background:#0958d9;color:#fff}.cancel{background:#fff;color:#1f1f1f;border:1px solid #d9d9d9}
  :focus-visible{outline:3px solid #5b3fd6;outline-offset:2px;box-shadow:0 0 0 2px #fff}`;

/** What the page says of an order no longer pending; any other ended state has ended. */
const ENDED_STATES: Partial<Record<PayOrder['status'], string>> = {
  paid: '此訂單已付款。',
  expired: '此訂單已逾期，不能再付款。',
};

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="zh-HK"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/**
 * The sandbox provider's checkout page: server-rendered, no script (CSP), a plain form post. Its focus ring is the
 * app's (decision 016: the product purple outside a white gap); rows wrap at 320 px and at large text.
 */
export function renderSandboxCheckout(input: {
  order: PayOrder;
  amountText: string;
  returnUrl: string;
  message?: string;
}): string {
  const o = input.order;
  const details = `
    <div class="card">
      <div class="row"><span class="muted">商品</span><span>${escapeHtml(o.itemName)}</span></div>
      <div class="row"><span class="muted">數量</span><span>${o.quantity}</span></div>
      <div class="row"><span class="muted">訂單編號</span><span>${escapeHtml(o.orderNo)}</span></div>
      <div class="row"><span class="muted">應付金額</span><span class="amount">${escapeHtml(input.amountText)}</span></div>
    </div>`;
  if (o.status !== 'pending') {
    const state = ENDED_STATES[o.status] ?? '此訂單已結束，不能再付款。';
    return layout(
      '模擬付款',
      `<h1>模擬付款</h1>${details}<p role="status">${state}</p><a class="btn pay" href="${escapeHtml(input.returnUrl)}">返回 Trove 寶庫</a>`,
    );
  }
  const action = `/pay/sandbox/${encodeURIComponent(o.orderNo)}/confirm`;
  return layout(
    '模擬付款',
    `<h1>模擬付款</h1><span class="badge">測試環境：不會收取真實款項</span>${details}
     ${input.message ? `<p role="alert">${escapeHtml(input.message)}</p>` : ''}
     <form method="post" action="${action}"><button class="pay" type="submit">確認付款</button></form>
     <a class="btn cancel" href="${escapeHtml(input.returnUrl)}">取消付款</a>`,
  );
}

export function renderSandboxNotFound(): string {
  return layout(
    '模擬付款',
    '<h1>模擬付款</h1><div class="card"><p>找不到此訂單，或此訂單不使用模擬付款。</p></div><a class="btn cancel" href="/">返回 Trove 寶庫</a>',
  );
}
