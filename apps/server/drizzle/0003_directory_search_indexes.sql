CREATE INDEX "employees_email_prefix_idx" ON "employees" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "employees_mobile_prefix_idx" ON "employees" USING btree ("mobile" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "employees_name_idx" ON "employees" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "employees_dob_idx" ON "employees" USING btree ("dob");--> statement-breakpoint
CREATE INDEX "employees_joining_date_idx" ON "employees" USING btree ("joining_date");