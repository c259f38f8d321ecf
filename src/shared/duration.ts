export const DAY_MS = 86_400_000

/** "1 h 2 min", "3 min 5 s", "42 s": short human durations for comments and summaries. */
export function formatDuration(ms: number): string {
  const totalSeconds = Math.max(0, Math.round(ms / 1000))
  const hours = Math.floor(totalSeconds / 3600)
  const minutes = Math.floor((totalSeconds % 3600) / 60)
  const seconds = totalSeconds % 60
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`
  if (minutes > 0) return seconds > 0 ? `${minutes} min ${seconds} s` : `${minutes} min`
  return `${seconds} s`
}

/** Minutes as people write them in inputs ("30", "0.5") to a phrase: "30 minutes", "30 seconds". */
export function formatMinutes(minutes: number): string {
  if (minutes < 1) {
    const seconds = Math.round(minutes * 60)
    return `${seconds} second${seconds === 1 ? '' : 's'}`
  }
  const rounded = Math.round(minutes * 10) / 10
  return `${rounded} minute${rounded === 1 ? '' : 's'}`
}
