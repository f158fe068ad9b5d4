/** Runs `then` once the next frame is painted (a task queued from requestAnimationFrame runs after the frame). */
export function afterNextPaint(then: () => void): void {
  requestAnimationFrame(() => setTimeout(then, 0));
}
