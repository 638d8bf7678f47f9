// The model-facing words of Config, modelled on Claude Code's, listing the settings Agent Desk has.
export const CONFIG_DESCRIPTION = 'Get or set Agent Desk configuration settings.';

export const CONFIG_PROMPT = `Get or set Agent Desk configuration settings.

View or change settings. Use when the user requests configuration changes, asks about current settings, or when adjusting a setting would benefit them. Changing a setting asks the user first.

## Usage
- **Get current value:** Omit the "value" parameter
- **Set new value:** Include the "value" parameter

## Configurable settings list
- model - The model used from the next message on, in every project (stored in Agent Desk's own settings.json). A full model ID such as "claude-sonnet-4-5", an alias (sonnet, opus, haiku), or "default" for Agent Desk's default.
- permissions.defaultMode: "default", "acceptEdits", "plan" - The permission mode conversations start in (stored in the user's Claude Code settings, ~/.claude/settings.json; a project's own settings may choose another).

Other Claude Code settings (theme, editorMode, verbose, …) do not exist in Agent Desk; asking for them is an error.

## Examples
- Get the model: { "setting": "model" }
- Change model: { "setting": "model", "value": "opus" }
- Change permission mode: { "setting": "permissions.defaultMode", "value": "plan" }`;
