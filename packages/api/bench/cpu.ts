import { cpus } from 'node:os'

/**
 * CPU time the whole machine has used so far, in ms, summed over its cores (os.cpus(), which Linux reads from
 * /proc/stat): busy (user, nice, system, irq) and all (busy and idle). Differences of two readings give the
 * CPU used between them, by every process (PostgreSQL included).
 */
export function machineCpu(): { busy: number; all: number } {
  let busy = 0
  let all = 0
  for (const { times } of cpus()) {
    const used = times.user + times.nice + times.sys + times.irq
    busy += used
    all += used + times.idle
  }
  return { busy, all }
}
