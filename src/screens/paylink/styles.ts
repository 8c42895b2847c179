/** Mantine component styles the payment link screens use beyond the always-loaded set (src/app/styles.ts, the shell's), loaded with their chunk: each screen may be the first page opened, so each imports this. */
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Alert.css';
