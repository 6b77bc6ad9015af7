-- The terminals a run's cases may go to: the task's own and its child tasks'. A pending case is taken by whichever of
-- them asks first, and is from then on that terminal's (blade_task_run_case.terminal_id).
CREATE TABLE blade_task_run_terminals (
  run_id bigint NOT NULL,
  terminal_id bigint NOT NULL,
  tenant_id varchar(12) NOT NULL DEFAULT '000000',
  PRIMARY KEY (run_id, terminal_id)
);
CREATE INDEX blade_task_run_terminals_terminal ON blade_task_run_terminals (terminal_id);
-- Runs started before: their one terminal.
INSERT INTO blade_task_run_terminals (run_id, terminal_id, tenant_id) SELECT id, terminal_id, tenant_id FROM blade_task_run;
-- A run's open cases in their order: the next case to hand out, and whether the run is done, without reading the rest.
CREATE INDEX blade_task_run_case_open_run ON blade_task_run_case (run_id, sort, id) WHERE case_status IN ('pending', 'running');
