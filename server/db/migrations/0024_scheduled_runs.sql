CREATE TABLE "scheduled_runs" (
	"job" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"server" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	CONSTRAINT "scheduled_runs_job_period_start_pk" PRIMARY KEY("job","period_start")
);
