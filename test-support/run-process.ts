// Runs a program as a child process and collects what it prints, without blocking this process: its event
// loop may be serving what the program calls (an echo server, the sandbox API).
import { spawn } from 'node:child_process'

export interface ProcessRun {
  code: number | null
  stdout: string
  stderr: string
}

export interface RunOptions {
  /** Added to this process's environment. */
  env?: Record<string, string>
  cwd?: string
  /** Kills the program (SIGKILL) after this long; without it, the test's own timeout is the limit. */
  timeoutMs?: number
}

export function runProcess(command: string, args: string[], options: RunOptions = {}): Promise<ProcessRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    // Decoded as a stream: a character whose bytes arrive in two chunks stays one character ("ñ", not "��").
    child.stdout.setEncoding('utf8')
    child.stderr.setEncoding('utf8')
    child.stdout.on('data', (chunk: string) => {
      stdout += chunk
    })
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk
    })
    const timer =
      options.timeoutMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), options.timeoutMs)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    })
  })
}
