// CLI entry (placeholder).
console.log('agent-desk');
