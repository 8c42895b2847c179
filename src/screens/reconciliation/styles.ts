/**
 * Mantine component styles the reconciliation screen draws, loaded with its chunk (docs/architecture.md,
 * "Mantine CSS comes with the page"); src/app/mantine-css.test.ts names anything missing.
 */
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Badge.css';
