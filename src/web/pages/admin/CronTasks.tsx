import { useEffect, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { AdminCronTasksDocument, AdminRunCronTaskDocument, type AdminCronTasksQuery } from '../../__generated__/pages/admin/cron.ts';
import { ErrorMessage, Loading } from '../../components/Status.tsx';
import { TimeAgo } from '../../components/Time.tsx';

type Task = AdminCronTasksQuery['cronTasks']['nodes'][number];

/** Every task fits one page (there are a handful). */
const ALL = 100;
/** While a task runs, the list is read again this often, so its end shows without a reload. */
const WHILE_RUNNING_MS = 1000;

/** /-/admin/cron: the cron tasks with their schedules, last and next runs and last outcome; each can be run now. */
export default function CronTasks() {
  const [{ data, error }, refetch] = useQuery({ query: AdminCronTasksDocument, variables: { first: ALL }, requestPolicy: 'cache-and-network' });
  const [started, setStarted] = useState<string | null>(null);
  const anyRunning = !!data?.cronTasks.nodes.some((task) => task.running);
  useEffect(() => {
    if (!anyRunning && !started) return;
    const timer = setInterval(() => refetch({ requestPolicy: 'network-only' }), WHILE_RUNNING_MS);
    return () => clearInterval(timer);
  }, [anyRunning, started, refetch]);
  const onStarted = (name: string) => {
    setStarted(name);
    refetch({ requestPolicy: 'network-only' });
  };
  return (
    <section aria-labelledby="admin-cron-title">
      <h1 id="admin-cron-title">Cron tasks</h1>
      <p className="muted">Schedules come from the [cron.&lt;task&gt;] settings. A task runs on one instance at a time.</p>
      <p role="status" className="success">
        {started && `The task ${started} was started.`}
      </p>
      {error ? (
        <ErrorMessage error={error} />
      ) : !data ? (
        <Loading />
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Task</th>
                <th scope="col">Schedule</th>
                <th scope="col">Next run</th>
                <th scope="col">Last run</th>
                <th scope="col">Runs</th>
                <th scope="col">Last status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {data.cronTasks.nodes.map((task) => (
                <TaskRow task={task} key={task.name} onStarted={onStarted} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function TaskRow({ task, onStarted }: { task: Task; onStarted: (name: string) => void }) {
  const [result, run] = useMutation(AdminRunCronTaskDocument);
  async function start() {
    const outcome = await run({ name: task.name });
    if (outcome.data?.runCronTask) onStarted(task.name);
  }
  return (
    <tr data-task={task.name}>
      <th scope="row">{task.name}</th>
      <td>
        <code>{task.schedule}</code> {!task.enabled && <span className="label">Disabled</span>}
      </td>
      <td>{task.nextRun ? <TimeAgo iso={task.nextRun} /> : <span className="muted">not scheduled</span>}</td>
      <td>{task.previousRun ? <TimeAgo iso={task.previousRun} /> : <span className="muted">never</span>}</td>
      <td>{task.execTimes}</td>
      <td className="cron-status">
        {task.running ? (
          <span className="label">Running</span>
        ) : task.lastStatus === 'failed' ? (
          <span className="label danger">Failed</span>
        ) : task.lastStatus === 'ok' ? (
          <span className="label">OK</span>
        ) : (
          <span className="muted">never ran</span>
        )}{' '}
        {task.lastMessage && <span className="cron-message">{task.lastMessage}</span>}
      </td>
      <td>
        <button type="button" onClick={() => void start()} disabled={result.fetching || task.running} aria-label={`Run ${task.name} now`}>
          Run
        </button>
        {result.error && <ErrorMessage error={result.error} />}
      </td>
    </tr>
  );
}
