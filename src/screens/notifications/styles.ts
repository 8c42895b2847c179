/** Component styles of the top-bar realtime items, loaded with the shell chunk. */
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Indicator.css';
import '@mantine/core/styles/Tooltip.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Alert.css';
