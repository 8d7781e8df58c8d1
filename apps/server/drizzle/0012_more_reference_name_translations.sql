ALTER TABLE "shifts" ADD COLUMN "name_translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "epr_value_behaviours" ADD COLUMN "name_translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "kpi_target_units" ADD COLUMN "name_translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_subjects" ADD COLUMN "name_translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "name_translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "lookup_values" ADD COLUMN "name_translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "designations" ADD COLUMN "name_translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "development_areas" ADD COLUMN "name_translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "leave_durations" ADD COLUMN "name_translations" jsonb DEFAULT '{}'::jsonb NOT NULL;