CREATE INDEX "eprs_line_manager_page_idx" ON "eprs" USING btree ("line_manager_id","id");--> statement-breakpoint
CREATE INDEX "eprs_one_over_one_page_idx" ON "eprs" USING btree ("one_over_one_id","id");--> statement-breakpoint
CREATE INDEX "kpis_line_manager_page_idx" ON "kpis" USING btree ("line_manager_id","id");--> statement-breakpoint
CREATE INDEX "kpis_one_over_one_page_idx" ON "kpis" USING btree ("one_over_one_id","id");--> statement-breakpoint
CREATE INDEX "service_requests_line_manager_page_idx" ON "service_requests" USING btree ("line_manager_id","id");--> statement-breakpoint
CREATE INDEX "service_requests_one_over_one_page_idx" ON "service_requests" USING btree ("one_over_one_id","id");