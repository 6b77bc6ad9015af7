-- Reports: the version under test is recorded with each run (the baseline version of the terminal's test object when
-- the run starts), so a run's export and the reports say what was tested even after the test object moves on.
ALTER TABLE blade_task_run ADD COLUMN IF NOT EXISTS test_object_code varchar(64);
ALTER TABLE blade_task_run ADD COLUMN IF NOT EXISTS baseline_version varchar(64);

-- The reports read cases by run, by case (slowest, flakiest) and runs by terminal over a time range.
CREATE INDEX IF NOT EXISTS blade_task_run_case_test_case ON blade_task_run_case (test_case_id, run_id);
CREATE INDEX IF NOT EXISTS blade_task_run_start ON blade_task_run (tenant_id, start_time);
