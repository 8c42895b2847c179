/**
 * Mantine component styles the approval step and the approvals page draw beyond the always-loaded
 * set, loaded with the page's chunk (docs/architecture.md, "Mantine CSS comes with the page").
 */
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/SegmentedControl.css';
