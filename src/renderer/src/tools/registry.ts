// Tool name → its view. Adding a view = a folder `tools/<name>/` and one line below; any tool
// without one (unknown, MCP) gets the generic view. Views never switch on tool names.
import { bashView } from './Bash/BashView';
import { genericView } from './generic/GenericView';
import type { ToolView, ToolViewParts } from './types';

const views: Record<string, ToolViewParts> = {
  Bash: bashView,
};

const cache = new Map<string, ToolView>();

export function viewFor(toolName: string): ToolView {
  let view = cache.get(toolName);
  if (!view) {
    const own = Object.hasOwn(views, toolName) ? views[toolName] : undefined;
    view = own ? { ...genericView, ...own } : genericView;
    cache.set(toolName, view);
  }
  return view;
}
