ALTER TABLE "leave_types" ADD COLUMN "gender_id" integer;--> statement-breakpoint
ALTER TABLE "leave_types" ADD COLUMN "employment_status_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "leave_types" ADD COLUMN "min_service_months" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "leave_types" ADD COLUMN "group_tree_id" integer;--> statement-breakpoint
ALTER TABLE "leave_types" ADD CONSTRAINT "leave_types_gender_id_lookup_values_id_fk" FOREIGN KEY ("gender_id") REFERENCES "public"."lookup_values"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_types" ADD CONSTRAINT "leave_types_group_tree_id_group_trees_id_fk" FOREIGN KEY ("group_tree_id") REFERENCES "public"."group_trees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The installed Maternity and Paternity Leave (ids 4 and 8 of the reference seed) apply to women and men.
UPDATE "leave_types" SET "gender_id" = (SELECT "id" FROM "lookup_values" WHERE "kind" = 'gender' AND "name" = 'Female') WHERE "id" = 4 AND "name" = 'Maternity Leave';--> statement-breakpoint
UPDATE "leave_types" SET "gender_id" = (SELECT "id" FROM "lookup_values" WHERE "kind" = 'gender' AND "name" = 'Male') WHERE "id" = 8 AND "name" = 'Paternity Leave';
