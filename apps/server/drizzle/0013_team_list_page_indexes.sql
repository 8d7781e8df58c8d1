DROP INDEX "leaves_responsible_idx";--> statement-breakpoint
CREATE INDEX "leaves_line_manager_page_idx" ON "leaves" USING btree ("line_manager_id","id");--> statement-breakpoint
CREATE INDEX "leaves_one_over_one_page_idx" ON "leaves" USING btree ("one_over_one_id","id");--> statement-breakpoint
CREATE INDEX "remote_works_line_manager_page_idx" ON "remote_works" USING btree ("line_manager_id","id");--> statement-breakpoint
CREATE INDEX "remote_works_one_over_one_page_idx" ON "remote_works" USING btree ("one_over_one_id","id");--> statement-breakpoint
CREATE INDEX "leaves_responsible_idx" ON "leaves" USING btree ("responsible_id","id");