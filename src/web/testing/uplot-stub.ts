/** jsdom has no canvas: the chart library's stand-in in screen tests, `vi.mock('uplot', () => import(…/uplot-stub))`. */
export default class {
  destroy() {}
  setSize() {}
}
