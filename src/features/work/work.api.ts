import { request, type ApiResult } from "~/lib/api-client.ts";
import type { SettingsInput, TemplateInput, ApplyInput } from "./work.schema.ts";
import type { WorkInstance, WorkSettings, WorkStatus, WorkTemplate } from "./work.types.ts";

/** Recurring work's API (/api/firm/work, decision 113) as the browser calls it. */

const base = "/api/firm/work";
const one = (id: number) => `${base}/${encodeURIComponent(id)}`;

export function tickWorkItem(id: number, position: number, ticked: boolean): Promise<ApiResult<{ work: WorkInstance }>> {
  return request(`${one(id)}/items/${encodeURIComponent(position)}`, { method: "PUT", json: { ticked } });
}

export function setWorkStatus(id: number, status: WorkStatus, override_reason?: string): Promise<ApiResult<{ work: WorkInstance }>> {
  return request(`${one(id)}/status`, { method: "PUT", json: { status, override_reason: override_reason ?? null } });
}

export function snoozeWork(id: number, until: string | null): Promise<ApiResult<{ work: WorkInstance }>> {
  return request(`${one(id)}/snooze`, { method: "PUT", json: { until } });
}

export function reassignWork(instance_ids: number[], assignee_id: string | null): Promise<ApiResult<{ changed: number }>> {
  return request(`${base}/reassign`, { json: { instance_ids, assignee_id } });
}

export function createTemplate(input: TemplateInput): Promise<ApiResult<{ template: WorkTemplate }>> {
  return request(`${base}/templates`, { json: input });
}

export function updateTemplate(id: number, input: TemplateInput): Promise<ApiResult<{ template: WorkTemplate }>> {
  return request(`${base}/templates/${encodeURIComponent(id)}`, { method: "PUT", json: input });
}

export function archiveTemplate(id: number): Promise<ApiResult<null>> {
  return request(`${base}/templates/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function applyTemplate(id: number, input: ApplyInput): Promise<ApiResult<{ schedules: number }>> {
  return request(`${base}/templates/${encodeURIComponent(id)}/apply`, { json: input });
}

export function saveWorkSettings(input: SettingsInput): Promise<ApiResult<{ settings: WorkSettings }>> {
  return request(`${base}/settings`, { method: "PUT", json: input });
}

export function stopSchedule(id: number): Promise<ApiResult<null>> {
  return request(`${base}/schedules/${encodeURIComponent(id)}`, { method: "DELETE" });
}
