//! Tauri's build step, with an app manifest naming our commands: each gets an `allow-<name>`
//! permission, and `capabilities/default.json` grants exactly those to the main window.

const COMMANDS: &[&str] = &[
    "chat",
    "list_workflows",
    "run_workflow",
    // The tool pipeline: a held write the person confirms, and the per-tool figures.
    "confirm_write",
    "conversation_grants",
    "revoke_grants",
    "diagnostics",
    "research",
    "cancel",
    "app_status",
    "subscribe_status",
    "get_settings",
    "save_settings",
    "get_node",
    "open_url",
    // The case workspace (docs/workspace.md).
    "list_records",
    "get_record",
    "create_record",
    "update_record",
    "delete_record",
    "finance_totals",
    "deadline_rules",
    "compute_deadline",
    "upload_document",
    "document_text",
    "reread_document",
    "open_document",
    "export_conversation",
    "create_backup",
    "list_backups",
    "restore_backup",
    // Drafts as artifacts: the artifact panel beside the conversation.
    "list_drafts",
    "get_draft",
    "build_draft",
    "revise_draft",
    "export_draft",
    // Papers the person can file: built from the case, checked, and official forms filled.
    "paper_kinds",
    "paper_proposed",
    "build_paper",
    "paper_explained",
    "export_paper_spanish",
    "check_paper",
    "form_fields",
    "fill_form",
    // Proof for the hearing: what the court must find, the records linked, the hearing packet.
    "proof_kind",
    "case_proof",
    "link_proof",
    "hearing_packet",
    // The law library (the official Code of Virginia, downloaded and built into the graph).
    "library_status",
    "subscribe_library",
    "library_download",
    "library_check_updates",
    "library_pause_embedding",
    "library_import_file",
    "library_import_finish",
    // The language model on this computer (proseva-llm).
    "local_model_status",
    "pick_model_file",
    "model_catalogue",
    "model_download",
    "model_download_stop",
    "model_use",
    "model_delete",
    // A case's step-by-step path and which court hears it.
    "path_kinds",
    "case_path",
    "set_case_path",
    "tick_step",
    "which_court",
    // Help from people: legal aid where the person lives, and who qualifies.
    "help_localities",
    "help_for",
    "help_eligibility",
    "help_screen",
    "help_packet",
    "help_locality_of_court",
    // Deadlines outside the window: the calendar file and the reminders.
    "calendar_export",
    "reminders_missed",
    "reminders_dismiss",
    "reminder_settings",
    "set_reminder_settings",
    // The first start's "What brings you here?".
    "start_state",
    "set_start_done",
    // Quick exit: the window hidden at once, its page left on a neutral view.
    "quick_exit",
    // The case file's lock: the unlock screen, Settings → Privacy and safety, the Lock button.
    "privacy_status",
    "privacy_encrypt",
    "privacy_unlock",
    "privacy_lock",
    "privacy_change_passphrase",
    "privacy_decrypt",
    "privacy_settings",
    "set_privacy_settings",
];

fn main() {
    tauri_build::try_build(tauri_build::Attributes::new().app_manifest(tauri_build::AppManifest::new().commands(COMMANDS)))
        .expect("tauri build step");
}
