-- Indexes a claim and a result find their rows through in a few steps, however many cases a run has, and whether or
-- not the planner has statistics yet (the embedded database collects them only as the server asks).
-- A terminal's running cases (its busy state, the cases lost when its agent restarts); it no longer covers pending
-- cases, so a look for a run's next pending case cannot wander through every open case of every run.
DROP INDEX IF EXISTS blade_task_run_case_open;
CREATE INDEX blade_task_run_case_running ON blade_task_run_case (terminal_id) WHERE case_status = 'running';
-- A run's pending cases in their order: the next one to hand out is the first entry.
CREATE INDEX blade_task_run_case_pending ON blade_task_run_case (run_id, sort, id) WHERE case_status = 'pending';
-- The runs still going (排队中, 运行中, 已暂停): the watchdog looks among them, every second while agents poll, for a run
-- whose cases have all ended without its last result closing it.
CREATE INDEX blade_task_run_active ON blade_task_run (id) WHERE run_status IN (1, 2, 5);
